/** Content rules shared by the editor and the server (CONT, SHARED, XCUT-55). */

/** System id of the built-in catalogue of categories and templates (XCUT-49). */
export const CONTENT_SYSTEM_ID = 100000;

/** The theme whose catalogue applies when a property's theme has no set of its own (CONT-05). */
export const FALLBACK_THEME = "str";

export const CATEGORY_TYPES = ["details", "local-area", "communication"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export const SUB_ITEM_TYPES = ["text", "image", "video", "pdf", "button", "internal-link"] as const;
export type SubItemType = (typeof SUB_ITEM_TYPES)[number];

export const MEDIA_KINDS = ["image", "video", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Upload limits (OPEN-56, FILE-12). */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

/** Items in one category of one property; keeps every list bounded (docs/architecture.md §4). */
export const MAX_ITEMS_PER_CATEGORY = 200;
export const MAX_SUB_ITEMS = 50;
export const DETAIL_TEXT_MAX = 50_000;
export const TITLE_MAX = 200;
export const PLAIN_TEXT_MAX = 5_000;

/**
 * The exact toolbar of the editor (CONT-19): the server keeps these elements and nothing else. Pasted
 * <b> and <i> become <strong> and <em> (RICH_TEXT_RENAMED_TAGS), the elements TipTap itself writes.
 */
export const RICH_TEXT_TAGS = ["h2", "p", "br", "strong", "em", "u", "ul", "ol", "li", "a", "span"] as const;
export const RICH_TEXT_RENAMED_TAGS = { b: "strong", i: "em" } as const satisfies Record<
  string,
  (typeof RICH_TEXT_TAGS)[number]
>;
export const RICH_TEXT_LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/** A new item's ContentVersion, and the next one after an update (CONT-24/25). */
export const FIRST_CONTENT_VERSION = 1;
export const nextContentVersion = (current: number) => current + 1;

/** A new item's ListRank: last + 1, or 1 in an empty list (CONT-27). */
export function nextListRank(ranks: readonly number[]): number {
  return ranks.length === 0 ? 1 : Math.max(...ranks) + 1;
}

/**
 * The DetailLabel of a custom item (CONT-26): non-alphanumerics → "-", repeats collapsed, lowercased
 * (leading and trailing dashes trimmed, as for weblinks); when that equals the category label a random
 * 6-digit suffix is appended so the item never shadows its category's path.
 */
export function customContentLabel(title: string, categoryLabel: string, random: () => number = Math.random): string {
  const base = title
    .replace(/[^a-zA-Z0-9]/g, "-")
    .replace(/-+/g, "-")
    .toLowerCase()
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  const suffix = () => String(100000 + Math.floor(random() * 900000));
  if (base === "") return `custom-${suffix()}`;
  return base === categoryLabel ? `${base}-${suffix()}` : base;
}

/** A web link is an http(s) URL or blank (CONT-20). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A sub-item button may open a web page, an email or a phone call. */
export function isButtonLink(value: string): boolean {
  return isHttpUrl(value) || /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(value) || /^tel:\+?[0-9 ()-]{3,30}$/i.test(value);
}

/** An internal link points inside the guide: a path such as /wifi-and-tech/wifi, never another site. */
export function isInternalLink(value: string): boolean {
  return /^\/(?!\/)[a-z0-9\-_/]*$/i.test(value) && value.length <= 300;
}

/** Whether a theme label falls back to the generic catalogue (CONT-05). */
export function resolveThemes(theme: string | null | undefined, known: readonly string[]): string[] {
  return theme && known.includes(theme) && theme !== FALLBACK_THEME ? [FALLBACK_THEME, theme] : [FALLBACK_THEME];
}

/**
 * How many of a category's suggested items (templates) are filled, its sub-categories included: the
 * overview's "filled count" of each content section (CONT-01).
 */
export function templateFill(category: {
  templateCount: number;
  filledTemplateCount: number;
  children?: readonly { templateCount: number; filledTemplateCount: number }[];
}): { filled: number; templates: number } {
  const children = category.children ?? [];
  return {
    filled: category.filledTemplateCount + children.reduce((n, c) => n + c.filledTemplateCount, 0),
    templates: category.templateCount + children.reduce((n, c) => n + c.templateCount, 0),
  };
}
