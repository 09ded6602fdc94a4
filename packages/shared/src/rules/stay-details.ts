/**
 * Stay details an item's text may hold (decision 042): stored as a token such as `{{stay.doorCode}}`, shown as a
 * chip in the editor and filled in per stay on the stay's own guide. Curly braces, not square brackets: square
 * brackets mark a template's blanks (decision 023), which keep an item out of the guide.
 */
export const STAY_DETAILS = [
  "guestFirstName",
  "checkInDate",
  "checkInTime",
  "checkOutDate",
  "checkOutTime",
  "doorCode",
] as const;
export type StayDetail = (typeof STAY_DETAILS)[number];

export const stayDetailToken = (detail: StayDetail) => `{{stay.${detail}}}`;

const TOKEN = /\{\{\s*stay\.(\w+)\s*\}\}/g;

/** True when the text holds a stay detail: such an item is for booked guests only. */
export function hasStayDetail(text: string | null | undefined): boolean {
  if (!text) return false;
  for (const m of text.matchAll(TOKEN)) if ((STAY_DETAILS as readonly string[]).includes(m[1]!)) return true;
  return false;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The text with each stay detail filled in (HTML-escaped; a detail the stay lacks becomes empty). */
export function fillStayDetails(html: string, values: Partial<Record<StayDetail, string | null>>): string {
  return html.replace(TOKEN, (all, name: string) =>
    (STAY_DETAILS as readonly string[]).includes(name) ? escapeHtml(values[name as StayDetail] ?? "") : all,
  );
}
