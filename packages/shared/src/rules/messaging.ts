/** Guest messaging limits (MSG-09, XCUT-56, OPEN-53). */
export const MAX_MESSAGE_FILES = 10;
/** OPEN-53: 25 MB per attachment. */
export const MESSAGE_FILE_MAX_MB = 25;
export const MESSAGE_FILE_MAX_BYTES = MESSAGE_FILE_MAX_MB * 1024 * 1024;
export const MESSAGE_MAX_LENGTH = 5000;
export const GUEST_NAME_MAX_LENGTH = 60;
/** What the file pickers offer; the server decides by content. */
export const MESSAGE_FILE_ACCEPT =
  "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,video/webm,application/pdf";
/** A preview line in the inbox. */
export const MESSAGE_PREVIEW_LENGTH = 120;

export type MessageFileKind = "image" | "video" | "document";

/** The inbox's one-line preview of a message: whitespace folded, cut at a word. */
export function messagePreview(text: string, max = MESSAGE_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
