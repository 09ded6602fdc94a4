import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";

// Browsers send one of a handful of Accept-Encoding strings, and a guide page served from memory reads it on
// every request: the answer is remembered per string (a bounded few, so odd values cannot grow it).
const picked = new Map<string, Encoding | null>();
const PICKED_MAX = 64;

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let encoding = picked.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseEncoding(acceptEncoding);
    if (picked.size < PICKED_MAX) picked.set(acceptEncoding, encoding);
  }
  return encoding;
}

function parseEncoding(acceptEncoding: string): Encoding | null {
  const offered = acceptEncoding
    .toLowerCase()
    .split(",")
    .map((part) => {
      const [name = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { name: name.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((e) => e.q > 0);
  if (offered.some((e) => e.name === "br")) return "br";
  if (offered.some((e) => e.name === "gzip")) return "gzip";
  return null;
}

/**
 * Compresses a text response once. Brotli at quality 5 and gzip at level 6: a 30 KB guide page costs well
 * under a millisecond and shrinks about six-fold for a guest on a slow connection.
 */
export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(body, { level: 6 });
}

/** A text body with its compressed forms made on first use and kept (for cached pages and static assets). */
export function compressible(body: string | Buffer) {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  return {
    body,
    get(encoding: Encoding | null): string | Buffer {
      if (!encoding) return body;
      return (variants[encoding] ??= compress(body, encoding));
    },
  };
}
