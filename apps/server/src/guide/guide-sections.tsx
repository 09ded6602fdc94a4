/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import type { SubItemDto } from "@doorstep/shared/schemas/content";
import { sanitizePlainText, sanitizeRichText } from "../lib/sanitize.ts";
import { useLabels } from "./guide-labels.ts";
import { srcSet, type GuideSection, type TranslatedItem } from "./guide-model.ts";
import { wifiDetails, wifiQrSvg } from "./wifi.ts";
import { Held } from "./guide-stay.tsx";

// An item photo spans the column less the page's and the card's padding (16 px each side, twice).
const ITEM_WIDTHS = [300, 450, 600, 750, 900, 1200] as const;
const ITEM_SIZES = "(max-width: 720px) calc(100vw - 64px), 656px";

/** Anchors for sections and items, so internal links can jump to them (GUIDE-16). */
export const categoryAnchor = (label: string) => `c-${label}`;
export const itemAnchor = (id: string) => `i-${id}`;
/** A featured item's card on the home screen (the guide's script counts it as a read of the item). */
export const featuredAnchor = (id: string) => `f-${id}`;

/** Where an internal link may point: each section and item on the page, by the paths the editor stores. */
export type LinkTargets = ReadonlyMap<string, string>;

/**
 * The anchors of a page's sections and items, keyed by what a host may type in the editor: "/wifi-and-tech",
 * "/wifi-and-tech/wifi", "/wifi" or an item's id (GUIDE-16). Labels are the same in every language, so the
 * same link reaches the same section in every translation of the guide.
 */
export function buildLinkTargets(sections: readonly GuideSection[]): LinkTargets {
  const targets = new Map<string, string>();
  const add = (key: string, anchor: string) => {
    if (!targets.has(key.toLowerCase())) targets.set(key.toLowerCase(), anchor);
  };
  const walk = (section: GuideSection) => {
    add(section.category.label, categoryAnchor(section.category.label));
    for (const item of section.items) {
      add(`${section.category.label}/${item.label}`, itemAnchor(item.id));
      add(item.id, itemAnchor(item.id));
    }
    section.children.forEach(walk);
  };
  sections.forEach(walk);
  // An item's label alone ("/wifi") when no section has that label: after every section is known.
  const addItems = (section: GuideSection) => {
    for (const item of section.items) add(item.label, itemAnchor(item.id));
    section.children.forEach(addItems);
  };
  sections.forEach(addItems);
  return targets;
}

/** The anchor an internal link reaches, or null when nothing on the page answers to it (no dead button). */
export function resolveInternalLink(target: string, targets: LinkTargets): string | null {
  const path = target
    .trim()
    .replace(/^#/, "")
    .replace(/^\/+|\/+$/g, "")
    .toLowerCase();
  const anchored = /^[ci]-/.test(path) && [...targets.values()].includes(path) ? path : null;
  const segments = path.split("/").filter(Boolean);
  const candidates = [path, segments.slice(-2).join("/"), segments.at(-1), segments[0]];
  const found = candidates.find((key) => key !== undefined && targets.has(key));
  return anchored ?? (found === undefined ? null : (targets.get(found) ?? null));
}
const safeHttp = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);
const safeButton = (url: string | null) => (url && /^(https?:\/\/|mailto:|tel:)/i.test(url) ? url : null);

/**
 * Rich text from the editor. It was sanitised on save; it passes through the same sanitiser again here,
 * so nothing reaches the page that the sanitiser did not produce (CONT-19, XSS corpus).
 */
function RichText({ html, headingLevel, lang }: { html: string; headingLevel: 4 | 5; lang?: string }) {
  // The editor's one heading (h2) sits under the item's own heading here: demoted to keep the outline in order.
  const clean = sanitizeRichText(html).replace(/<(\/?)h2>/g, `<$1h${headingLevel}>`);
  return clean ? <div className="rich" lang={lang} dangerouslySetInnerHTML={{ __html: clean }} /> : null;
}

export function Picture({ url, alt }: { url: string; alt: string }) {
  return (
    <img
      src={`${url}?w=600`}
      srcSet={srcSet(url, ITEM_WIDTHS)}
      sizes={ITEM_SIZES}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

function Video({ url }: { url: string }) {
  const t = useLabels().guide;
  // GUIDE-20 / CONT-22: the fallback copy shows where the browser cannot play the video: inside <video> for
  // browsers without video at all, and beside it for a format this browser cannot play (the script shows it).
  return (
    <div className="video">
      <video controls preload="none" src={url}>
        {t.videoUnsupported}
      </video>
      <p className="video-fallback" hidden>
        {t.videoUnsupported}
      </p>
    </div>
  );
}

function SubItem({
  sub,
  english,
  links,
}: {
  sub: SubItemDto;
  english: (field: string) => "en" | undefined;
  links: LinkTargets;
}) {
  const t = useLabels().guide;
  const lang = (field: string) => english(`sub:${sub.id}:${field}`);
  switch (sub.type) {
    case "text":
      return sub.detailText ? <p lang={lang("detailText")}>{sanitizePlainText(sub.detailText)}</p> : null;
    case "image":
      return sub.imageUrl ? <Picture url={sub.imageUrl} alt="" /> : null;
    case "video":
      return sub.videoUrl ? <Video url={sub.videoUrl} /> : null;
    case "pdf":
      return sub.documentUrl ? (
        <p>
          <a className="btn alt" href={sub.documentUrl} target="_blank" rel="noopener" lang={lang("detailText")}>
            {sub.detailText || t.openPdf}
          </a>
        </p>
      ) : null;
    case "button": {
      const href = safeButton(sub.buttonLink);
      return href && sub.buttonLabel ? (
        <p>
          <a className="btn" href={href} target="_blank" rel="noopener noreferrer nofollow" lang={lang("buttonLabel")}>
            {sub.buttonLabel}
          </a>
        </p>
      ) : null;
    }
    case "internal-link": {
      const anchor = sub.internalLink ? resolveInternalLink(sub.internalLink, links) : null;
      return anchor && sub.internalLinkLabel ? (
        <p>
          <a className="btn alt" href={`#${anchor}`} lang={lang("internalLinkLabel")}>
            {sub.internalLinkLabel}
          </a>
        </p>
      ) : null;
    }
  }
}

function Wifi({ item }: { item: TranslatedItem }) {
  const labels = useLabels();
  const t = labels.guide;
  // Network and password are the same in every language: read them from the English text.
  const wifi = wifiDetails(item.englishDetailText) ?? wifiDetails(item.detailText);
  if (!wifi) return null;
  // Decision 046: the password is held back here, so there is no join code (it would carry it) and nothing to copy.
  if (item.passwordRestricted) return <p className="restricted">{labels.stay.restricted}</p>;
  return (
    <div className="wifi">
      <div dangerouslySetInnerHTML={{ __html: wifiQrSvg(wifi) }} role="img" aria-label={t.wifiQr(wifi.network)} />
      {wifi.password ? (
        <button type="button" className="btn" data-copy={wifi.password}>
          {t.copyWifiPassword}
        </button>
      ) : null}
    </div>
  );
}

/** An item's content under its title: picture, text, details, media, links and sub-items. */
function ItemBody({ item, level, links }: { item: TranslatedItem; level: 3 | 4; links: LinkTargets }) {
  const t = useLabels().guide;
  const english = (field: string) => (item.untranslatedFields.includes(field) ? "en" : undefined);
  const webLink = safeHttp(item.webLink);
  const details = (["describe", "locate", "operate"] as const).flatMap((key) =>
    item[key] ? [[key, item[key]] as const] : [],
  );
  return (
    <>
      {item.imageUrl ? <Picture url={item.imageUrl} alt="" /> : null}
      <RichText html={item.detailText} headingLevel={level === 3 ? 4 : 5} lang={english("detailText")} />
      {item.label === "wifi" ? <Wifi item={item} /> : null}
      {details.length > 0 ? (
        <dl className="dlo">
          {details.map(([key, value]) => (
            <div key={key}>
              <dt>{t.detailLabels[key]}</dt>
              <dd lang={english(key)}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.what3words ? <p className="w3w">///{item.what3words}</p> : null}
      {item.videoUrl ? <Video url={item.videoUrl} /> : null}
      {item.documentUrl ? (
        <p>
          <a className="btn alt" href={item.documentUrl} target="_blank" rel="noopener">
            {t.openPdf}
          </a>
        </p>
      ) : null}
      {webLink ? (
        <p>
          <a className="btn" href={webLink} target="_blank" rel="noopener noreferrer nofollow">
            {t.openLink}
          </a>
        </p>
      ) : null}
      {item.subItems.map((sub) => (
        <SubItem key={sub.id} sub={sub} english={english} links={links} />
      ))}
    </>
  );
}

/**
 * One item as a card. The home screen shows featured items again (GUIDE-11) under their own anchors
 * (`featuredAnchor`), so every id on the page stays unique; there the "Featured" badge would say nothing.
 */
export function Item({
  item,
  level,
  links,
  onHome = false,
}: {
  item: TranslatedItem;
  level: 3 | 4;
  links: LinkTargets;
  onHome?: boolean;
}) {
  const labels = useLabels();
  const t = labels.guide;
  const Heading = level === 3 ? "h3" : "h4";
  // OPEN-44: a field shown in English for want of a translation says so to screen readers (the page's notice
  // says it once to everyone).
  const english = (field: string) => (item.untranslatedFields.includes(field) ? "en" : undefined);
  return (
    <article
      className={`item${item.featured && !onHome ? " featured" : ""}`}
      id={onHome ? featuredAnchor(item.id) : itemAnchor(item.id)}
    >
      {item.featured && !onHome ? <span className="badge">{t.featured}</span> : null}
      <Heading lang={english("title")}>{item.title}</Heading>
      {item.restricted ? <p className="restricted">{labels.stay.restricted}</p> : null}
      {item.held ? (
        <Held until={item.held} after={labels.stay.restricted} afterClass="restricted">
          <ItemBody item={item} level={level} links={links} />
        </Held>
      ) : (
        <ItemBody item={item} level={level} links={links} />
      )}
    </article>
  );
}

/** One category with its items, then its sub-categories (GUIDE-10/11/16). */
export function Section({
  section,
  links,
  nested = false,
}: {
  section: GuideSection;
  links: LinkTargets;
  nested?: boolean;
}) {
  const { category } = section;
  const headingId = `${categoryAnchor(category.label)}-h`;
  return (
    <section className="cat" id={categoryAnchor(category.label)} aria-labelledby={headingId}>
      {nested ? (
        <h3 className="sub" id={headingId}>
          {category.title}
        </h3>
      ) : (
        <h2 id={headingId}>{category.title}</h2>
      )}
      {section.items.map((item) => (
        <Item key={item.id} item={item} level={nested ? 4 : 3} links={links} />
      ))}
      {section.children.map((child) => (
        <Section key={child.category.label} section={child} links={links} nested />
      ))}
    </section>
  );
}
