import type { ByteRange } from "../providers/storage/file-storage.ts";

/**
 * The single byte range a `Range` header asks for in a file of `size` bytes (RFC 9110 §14):
 * null to send the whole file (no header, a malformed one, or several ranges, which a server may ignore),
 * "unsatisfiable" for a well-formed range that lies outside the file (→ 416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // Suffix range: the last N bytes (bytes=-500); N = 0 asks for nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== "" && Number(last) < start)) return "unsatisfiable";
  return { start, end };
}
