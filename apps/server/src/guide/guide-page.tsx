/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { COVER_IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { textDirection } from "@doorstep/shared/guide-i18n/catalogue";
import { GuideLabelsContext } from "./guide-labels.ts";
import { srcSet, type GuidePageModel } from "./guide-model.ts";
import { GuideBar, Home, SearchView, buildTiles } from "./guide-home.tsx";
import { GuideIcon } from "./guide-icons.tsx";
import { PlacesSection } from "./guide-places.tsx";
import { Section, buildLinkTargets } from "./guide-sections.tsx";
import { nativeLanguageName } from "./language.ts";

/**
 * The guide's script is asked for once the page has loaded (the cover included), so the first paint never waits
 * for it: the page works without it, and it only enhances (docs/architecture.md §9). The only inline script;
 * the CSP allows it by its hash (guide-render.tsx). Before that it keeps the guest's language on this device:
 * a page asked for in a language (`?lang=`) remembers it for the property, and the plain link then opens in
 * the language remembered (one replace, before the script loads), online and offline alike.
 */
export const SCRIPT_LOADER =
  '(function(){var d=document,b=d.body,h=d.documentElement;try{var a=b.getAttribute("data-langs"),k="dsg_lang:"+b.getAttribute("data-property"),u=new URL(location.href),l=localStorage.getItem(k);if(a){if(u.searchParams.has("lang"))localStorage.setItem(k,h.lang);else if(l&&l!==h.lang&&(" "+a+" ").indexOf(" "+l+" ")>=0){u.searchParams.set("lang",l);location.replace(u.href);return}}}catch(e){}addEventListener("load",function(){var s=d.createElement("script");s.src=b.getAttribute("data-script");d.head.appendChild(s)})})()';

// The cover spans the viewport (guide-styles.ts: `.cover img{width:100%}`).
const COVER_SIZES = "100vw";

function formatDate(date: Date, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

/** The language switcher (GUIDE-08): plain links that work without JS; the script swaps the page in place. */
function Languages({ model }: { model: GuidePageModel }) {
  const t = model.labels.guide;
  if (model.languages.length < 2) return null;
  return (
    <nav aria-label={t.language}>
      <ul className="langs">
        {model.languages.map((code) => (
          <li key={code}>
            <a
              href={`${model.languageBase ?? model.basePath}?lang=${encodeURIComponent(code)}${model.previewToken ? `&preview=${encodeURIComponent(model.previewToken)}` : ""}`}
              hrefLang={code}
              lang={code}
              data-lang={code}
              aria-current={code === model.language ? "true" : undefined}
            >
              {nativeLanguageName(code)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Cover({ model, withDetails }: { model: GuidePageModel; withDetails: boolean }) {
  const t = model.labels.guide;
  return (
    <div className="cover">
      {model.coverUrl ? (
        // Above the fold and the page's largest paint: never lazy, fetched first. For a high-priority <img>
        // with a srcset, React's server renderer writes `<link rel="preload" as="image" imageSrcSet imageSizes
        // fetchPriority="high">` at the top of <head> itself (a second one here would be a duplicate);
        // guide.test.ts checks that it does.
        <img
          src={`${model.coverUrl}?w=900`}
          srcSet={srcSet(model.coverUrl, COVER_IMAGE_WIDTHS)}
          sizes={COVER_SIZES}
          alt=""
          fetchPriority="high"
        />
      ) : null}
      <div className="wrap">
        <h1>{model.title}</h1>
        {withDetails && model.displayAddress ? (
          // The host's address keeps its own direction inside a right-to-left page.
          <p className="address">
            <bdi>{model.displayAddress}</bdi>
          </p>
        ) : null}
        {withDetails && model.what3words ? (
          <p className="w3w">
            {t.what3words}: ///{model.what3words}
          </p>
        ) : null}
        {withDetails ? <Languages model={model} /> : null}
      </div>
    </div>
  );
}

function GuideBody({ model }: { model: GuidePageModel }) {
  const t = model.labels.guide;
  const links = buildLinkTargets(model.sections);
  const tiles = buildTiles(model);
  return (
    <>
      <GuideBar model={model} tiles={tiles} />
      <main id="main" className="wrap">
        <p id="offline" className="offline" hidden>
          {t.offline}
        </p>
        {model.messaging ? (
          // Shown by the script (and by the worker's page) when Messages is opened with no connection.
          <p id="msg-offline" className="offline" role="status" hidden>
            {model.labels.messaging.needsConnection}
          </p>
        ) : null}
        {model.untranslated ? (
          // Once for the page, in the guest's language; the English parts themselves carry lang="en".
          <p className="untranslated">{t.untranslatedNotice}</p>
        ) : null}
        <Home model={model} tiles={tiles} links={links} />
        <SearchView model={model} />
        {model.sections.map((s) => (
          <Section key={s.category.label} section={s} links={links} />
        ))}
        <PlacesSection model={model} />
      </main>
      <footer>
        {model.updatedAt ? <p id="updated">{t.lastUpdated(formatDate(model.updatedAt, model.language))}</p> : null}
        <p>{model.theme?.brandName ?? t.poweredBy}</p>
        {/* Shown by the script once the guest has scrolled a long way. */}
        <button type="button" className="totop" data-totop="" hidden>
          <GuideIcon name="up" />
          <span className="vh">{t.backToTop}</span>
        </button>
      </footer>
    </>
  );
}

/** The passcode gate (GUIDE-07): cover, title and the 6-digit form, and nothing else of the guide. */
function Gate({ model }: { model: GuidePageModel }) {
  const t = model.labels.guide;
  return (
    <>
      <main id="main" className="wrap">
        <form className="gate" method="post" action={`${model.basePath}/unlock`} data-unlock="">
          <h2>{t.passcodeTitle}</h2>
          <p>{t.passcodeHint}</p>
          <label htmlFor="passcode">{t.passcodeLabel}</label>
          <input
            id="passcode"
            name="passcode"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            placeholder={t.passcodePlaceholder}
            required
            aria-describedby="passcode-error"
          />
          <input type="hidden" name="lang" value={model.language} />
          <p id="passcode-error" className="error" role="alert">
            {model.gateError ?? ""}
          </p>
          <button type="submit" className="btn">
            {t.unlock}
          </button>
        </form>
      </main>
    </>
  );
}

function Message({ title, hint }: { title: string; hint: string }) {
  return (
    <main id="main" className="message">
      <h1>{title}</h1>
      <p>{hint}</p>
    </main>
  );
}

/** The whole guide document; the caller adds the doctype and the CSP for `stylesheet`. */
export function GuideDocument({ model, stylesheet }: { model: GuidePageModel; stylesheet: string }) {
  const theme = model.theme;
  const t = model.labels.guide;
  const brand = theme && (theme.logoKey || theme.brandName);
  const pageTitle = model.kind === "not-found" ? t.notFound : model.kind === "inactive" ? t.inactive : model.title;
  const hasManifest = model.kind === "guide" || model.kind === "gate";
  return (
    <html lang={model.language} dir={textDirection(model.language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle}</title>
        {model.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        {theme ? <meta name="theme-color" content={theme.primary} /> : null}
        {hasManifest && !model.preview ? <link rel="manifest" href={`${model.basePath}/manifest.webmanifest`} /> : null}
        {hasManifest && theme?.iconKey ? (
          <link rel="apple-touch-icon" href={`/files/${theme.iconKey}?icon=192`} />
        ) : null}
        <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
      </head>
      <body
        data-property={model.propertyId}
        data-base={model.basePath}
        data-sw={model.offline ? "1" : undefined}
        data-sw-base={model.offline && model.languageBase ? model.languageBase : undefined}
        data-langs={
          model.kind === "guide" && !model.preview && model.languages.length > 1 ? model.languages.join(" ") : undefined
        }
        data-visit={model.recordVisit ? "1" : undefined}
        data-script={model.scriptUrl}
        data-copied={t.copied}
      >
        <a className="skip" href="#main">
          {t.skipToContent}
        </a>
        {hasManifest ? (
          // The banner landmark: preview note, brand and cover with the title (everything outside <main> is in a landmark).
          <header>
            {model.preview ? (
              <p className="preview" role="status">
                {t.preview}: {t.previewNote}
              </p>
            ) : null}
            {brand ? (
              <div className="brand">
                {theme.logoKey ? (
                  <img src={`/files/${theme.logoKey}?w=300`} alt={theme.brandName ?? ""} height={32} />
                ) : null}
                {theme.brandName && !theme.logoKey ? <span>{theme.brandName}</span> : null}
              </div>
            ) : null}
            <Cover model={model} withDetails={model.kind === "guide"} />
          </header>
        ) : null}
        <GuideLabelsContext.Provider value={model.labels}>
          {model.kind === "guide" ? <GuideBody model={model} /> : null}
          {model.kind === "gate" ? <Gate model={model} /> : null}
          {model.kind === "inactive" ? <Message title={t.inactive} hint={t.inactiveHint} /> : null}
          {model.kind === "not-found" ? <Message title={t.notFound} hint={t.notFoundHint} /> : null}
        </GuideLabelsContext.Provider>
        <script dangerouslySetInnerHTML={{ __html: SCRIPT_LOADER }} />
      </body>
    </html>
  );
}
