/** Up to two initials for an avatar without a photo. */
export function initialsOf(firstName: string, lastName: string | null): string {
  const letters = [firstName, lastName ?? ""].map((part) => part.trim().charAt(0)).join("");
  return letters.toUpperCase() || "?";
}

/** The URL of an uploaded image resized to `width` (FILE-10: variants served with ?w=). */
export function imageAtWidth(url: string, width: number): string {
  const separator = url.includes("?") ? "&" : "?";
  return `${url}${separator}w=${width}`;
}

/** Two-digit padding for countdown numbers. */
export function pad2(value: number): string {
  return value.toString().padStart(2, "0");
}

/** A date for people, e.g. "14 March 2026" (locale English, XCUT-47). */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
}

/** An amount in minor units with its currency symbol, e.g. 899 and "$" → "$8.99" (BILL-38). */
export function formatMoney(minor: number, symbol: string): string {
  return `${symbol}${(minor / 100).toFixed(2)}`;
}
