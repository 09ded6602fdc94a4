/**
 * Truthful templates (decision 023, CONT-35): a suggested item's sample text marks what the host fills in with
 * square brackets ("Check-in is from [3 pm]"). These rules find such bracketed bits in plain or rich text, so
 * the editor can warn before saving and the guide can leave out an item that still holds its template's.
 */

/** The longest bracketed bit counted as a placeholder; longer brackets are prose, not a blank to fill. */
const MAX_PLACEHOLDER = 120;

const BLOCK_TAG = /<\/?(?:p|h[1-6]|li|ul|ol|br|div|blockquote)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The words of plain text or of the editor's rich HTML: block boundaries become line breaks, other tags go. */
export function textOf(value: string): string {
  return decodeEntities(value.replace(BLOCK_TAG, "\n").replace(ANY_TAG, ""));
}

/**
 * The bracketed bits of a text, such as "[3 pm]", once each in order of appearance. Empty brackets, brackets
 * spanning paragraphs, very long ones and markdown-style links ("[our site](https://…)") are not placeholders.
 */
export function findPlaceholders(value: string | null | undefined): string[] {
  if (!value) return [];
  const found: string[] = [];
  for (const match of textOf(value).matchAll(/\[([^[\]\n]*)\](?!\()/g)) {
    const inner = match[1]!.replace(/\s+/g, " ").trim();
    if (inner === "" || inner.length > MAX_PLACEHOLDER) continue;
    const token = `[${inner}]`;
    if (!found.includes(token)) found.push(token);
  }
  return found;
}

/** The placeholders of `values` that also appear in `samples` (the template's sample texts): left untouched. */
export function untouchedPlaceholders(
  values: readonly (string | null | undefined)[],
  samples: readonly (string | null | undefined)[],
): string[] {
  const sample = new Set(samples.flatMap((s) => findPlaceholders(s)));
  if (sample.size === 0) return [];
  return [...new Set(values.flatMap((v) => findPlaceholders(v)))].filter((t) => sample.has(t));
}

/** What a template suggests: its name (the default title) and its sample texts. */
export interface TemplateSample {
  title: string;
  detailText: string | null;
  describe: string | null;
  locate: string | null;
  operate: string | null;
  webLink: string | null;
}

/** An item as the guide would show it: its texts, and whether it has anything else a guest could use. */
export interface ItemForGuide {
  title: string;
  detailText: string | null;
  describe: string | null;
  locate: string | null;
  operate: string | null;
  webLink: string | null;
  /** Texts of its sub-items (text, button and link labels). */
  subItemTexts: readonly (string | null)[];
  /** It has a photo, video, PDF or sub-item. */
  hasMediaOrSubItems: boolean;
}

/** Why a guide leaves an item out: a template blank still unfilled, or nothing written but the template's name. */
export const GUIDE_HIDDEN_REASONS = ["placeholders", "nothing-written"] as const;
export type GuideHiddenReason = (typeof GUIDE_HIDDEN_REASONS)[number];

const blank = (value: string | null | undefined) => !value || textOf(value).trim() === "";

/**
 * Whether guests may see an item made from a template (decision 023; CONTRIBUTING: guests see nothing the host
 * did not write). Items without a template are always the host's own words: null.
 */
export function guideHiddenReason(item: ItemForGuide, template: TemplateSample | null): GuideHiddenReason | null {
  if (!template) return null;
  const texts = [item.title, item.detailText, item.describe, item.locate, item.operate, ...item.subItemTexts];
  const samples = [template.title, template.detailText, template.describe, template.locate, template.operate];
  if (untouchedPlaceholders(texts, samples).length > 0) return "placeholders";
  const onlyTheName = blank(item.title) || item.title.trim() === template.title.trim();
  const written =
    [item.detailText, item.describe, item.locate, item.operate, item.webLink].some((v) => !blank(v)) ||
    item.hasMediaOrSubItems;
  return onlyTheName && !written ? "nothing-written" : null;
}
