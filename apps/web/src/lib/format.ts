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
