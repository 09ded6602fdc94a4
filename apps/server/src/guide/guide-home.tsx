/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { formatPhone, phoneHref } from "@doorstep/shared/rules/phone";
import { GuideIcon } from "./guide-icons.tsx";
import type { GuidePageModel, GuideSection, TranslatedItem } from "./guide-model.ts";
import { PLACES_ANCHOR } from "./guide-places.tsx";
import { Item, categoryAnchor, type LinkTargets } from "./guide-sections.tsx";
import { StayCard } from "./guide-stay.tsx";

/**
 * The guide's home screen (docs/decisions/024-guide-home-screen.md): the host card, the featured
 * items and a tile per section. Tiles and the bar's menu are plain links to the sections' anchors; the
 * stylesheet shows the targeted section alone (`:target`), so the views work without the script, and each
 * section has its own address (`…#c-wifi-and-tech`) that a guest can share and go back from.
 */

/** The id of the home view: the bar's Home link targets it, which the stylesheet reads as "no section". */
export const HOME_ANCHOR = "home";
/** The id of the search view (shown by the guide's script; a search needs it). */
export const SEARCH_ANCHOR = "search";

/**
 * The messages page in the guide's language (it has no switcher of its own); on a stay's link, the link's own,
 * whose messages belong to the stay (decision 050).
 */
export function messagesHref(model: GuidePageModel): string {
  return `${model.languageBase ?? model.basePath}/messages?lang=${encodeURIComponent(model.language)}`;
}

export interface GuideTile {
  href: string;
  title: string;
  icon: string | null;
}

/**
 * One tile per section with content, in the sections' order; local recommendations after the "Local area"
 * section (or last), and messages at the end when the property takes them (GUIDE-18).
 */
export function buildTiles(model: GuidePageModel): GuideTile[] {
  const tiles: GuideTile[] = model.sections.map((s) => ({
    href: `#${categoryAnchor(s.category.label)}`,
    title: s.category.title,
    icon: s.category.icon,
  }));
  if (model.places.length > 0) {
    const localArea = model.sections.findIndex((s) => s.category.type === "local-area");
    const places = { href: `#${PLACES_ANCHOR}`, title: model.labels.places.guideTitle, icon: "map" };
    tiles.splice(localArea === -1 ? tiles.length : localArea + 1, 0, places);
  }
  if (model.messaging)
    tiles.push({ href: messagesHref(model), title: model.labels.categories["guest-messages"], icon: "message" });
  // The guest store, on a stay's own link only (the public guide's model has no stay).
  if (model.stay?.extras) tiles.push({ href: model.stay.extras.href, title: model.stay.extras.title, icon: "key" });
  return tiles;
}

/** Featured items (GUIDE-11) in the sections' order: the home screen shows them as cards. */
export function featuredItems(sections: readonly GuideSection[]): TranslatedItem[] {
  const walk = (s: GuideSection): TranslatedItem[] => [
    ...s.items.filter((i) => i.featured),
    ...s.children.flatMap(walk),
  ];
  return sections.flatMap(walk);
}

/**
 * The host card (GUIDE-13): photo and name, and a button for each way to reach the host that is set: call,
 * the message app, email, and the guide's own messages when the property takes them (GUIDE-18).
 */
export function HostCard({ model }: { model: GuidePageModel }) {
  const host = model.host;
  const t = model.labels.guide;
  if (!host) return null;
  const messageLink = host.messageAppLink && /^https?:\/\//i.test(host.messageAppLink) ? host.messageAppLink : null;
  return (
    <section className="host" aria-labelledby="host-h">
      <div className="hwho">
        {host.photoUrl ? <img src={`${host.photoUrl}?w=150`} alt="" width={64} height={64} /> : null}
        <div>
          <h2 id="host-h">{t.hostCardTitle}</h2>
          <p className="hname">{host.name}</p>
        </div>
      </div>
      <p className="hacts">
        {host.tel && phoneHref(host.tel) ? (
          // Read as "+44 20 7946 0958", dialled as E.164; a number stored before numbers were checked shows as stored.
          <a className="btn" href={phoneHref(host.tel)!}>
            <GuideIcon name="phone" />
            {model.labels.places.call(formatPhone(host.tel))}
          </a>
        ) : null}
        {messageLink ? (
          <a className="btn alt" href={messageLink} target="_blank" rel="noopener noreferrer">
            <GuideIcon name="message" />
            {t.message(host.messageAppName || "WhatsApp")}
          </a>
        ) : null}
        {host.email ? (
          <a className="btn alt" href={`mailto:${host.email}`} title={host.email}>
            <GuideIcon name="mail" />
            {t.email}
          </a>
        ) : null}
        {model.messaging ? (
          <a className="btn alt" href={messagesHref(model)}>
            <GuideIcon name="message" />
            {model.labels.messaging.entry}
          </a>
        ) : null}
      </p>
    </section>
  );
}

/**
 * A tile's title. A short hyphenated word ("check-in", "Wi-Fi") is kept on one line, so a narrow tile never
 * breaks it at its hyphen as "check-/in"; longer words may break (the stylesheet hyphenates where the page's
 * language allows). The text, and so the link's name, is unchanged.
 */
export function TileTitle({ title }: { title: string }) {
  // Words and spaces, the short hyphenated words apart; the rest joined again (one text node each).
  const parts: (string | { nowrap: string })[] = [];
  for (const part of title.split(/(\s+)/)) {
    const last = parts[parts.length - 1];
    if (part.length <= 12 && /\p{L}-\p{L}/u.test(part)) parts.push({ nowrap: part });
    else if (typeof last === "string") parts[parts.length - 1] = last + part;
    else parts.push(part);
  }
  return (
    <span>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          <span key={i} className="nw">
            {part.nowrap}
          </span>
        ),
      )}
    </span>
  );
}

/** The home view: host card, featured cards, then the tiles (or the empty guide's note). */
export function Home({ model, tiles, links }: { model: GuidePageModel; tiles: GuideTile[]; links: LinkTargets }) {
  const t = model.labels.guide;
  const featured = featuredItems(model.sections);
  return (
    <div id={HOME_ANCHOR} className="home">
      <StayCard model={model} />
      <HostCard model={model} />
      {featured.length > 0 ? (
        <section className="feat" aria-labelledby="feat-h">
          <h2 id="feat-h">{t.featured}</h2>
          {featured.map((item) => (
            <Item key={item.id} item={item} level={3} links={links} onHome />
          ))}
        </section>
      ) : null}
      {tiles.length > 0 ? (
        <nav className="tiles" aria-label={t.contents}>
          <ul>
            {tiles.map((tile) => (
              <li key={tile.href}>
                <a href={tile.href}>
                  <GuideIcon name={tile.icon} />
                  <TileTitle title={tile.title} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className="empty">{t.empty}</p>
      )}
    </div>
  );
}

/**
 * The sticky bar: Home, the sections menu (a <details>, so it opens without the script)
 * and Search, which the script shows because only it can search.
 */
export function GuideBar({ model, tiles }: { model: GuidePageModel; tiles: GuideTile[] }) {
  const t = model.labels.guide;
  return (
    <nav className="bar" aria-label={model.title}>
      <div className="wrap barin">
        <a className="ib" href={`#${HOME_ANCHOR}`} data-home="">
          <GuideIcon name="home" />
          <span className="vh">{t.home}</span>
        </a>
        <span className="bt" />
        {tiles.length > 0 ? (
          <details className="menu">
            <summary>
              <GuideIcon name="menu" />
              {t.contents}
            </summary>
            <ul>
              {tiles.map((tile) => (
                <li key={tile.href}>
                  <a href={tile.href}>{tile.title}</a>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <a className="ib" href={`#${SEARCH_ANCHOR}`} data-search="" hidden>
          <GuideIcon name="search" />
          <span className="vh">{t.search}</span>
        </a>
      </div>
    </nav>
  );
}

/**
 * The search view: the guide's script fills the results from the page itself (titles and text of every item
 * and place, in the page's language), so it works offline too. Hidden until the script shows it.
 */
export function SearchView({ model }: { model: GuidePageModel }) {
  const t = model.labels.guide;
  // The script words the count from these two samples (a number is swapped in), in the page's language.
  const many = 1234567;
  return (
    <section
      id={SEARCH_ANCHOR}
      className="srch"
      aria-labelledby="search-h"
      data-one={t.searchResults(1)}
      data-many={t.searchResults(many)}
      data-n={String(many)}
      data-none={t.searchNone}
      hidden
    >
      {/* The heading is the field's visible label. */}
      <h2 id="search-h">
        <label htmlFor="q">{t.searchLabel}</label>
      </h2>
      <input id="q" type="search" autoComplete="off" enterKeyHint="search" />
      <p className="status" role="status" />
      <ul className="results" />
    </section>
  );
}
