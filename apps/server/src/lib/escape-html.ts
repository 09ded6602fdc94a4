const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe for HTML or XML (SVG) text and quoted attribute values. The numeric `&#39;` is used for the
 * apostrophe because it means the same in both, where `&apos;` is not HTML 4 and `&#39;` needs no DTD.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
