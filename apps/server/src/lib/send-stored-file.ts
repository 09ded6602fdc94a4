import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.ts";
import type { StoredObjectInfo } from "../providers/storage/file-storage.ts";
import { parseByteRange } from "./byte-range.ts";
import { DOWNLOAD_SUFFIX } from "./media-probe.ts";

export interface SendOptions {
  /** `public`: anyone may keep it, revalidated on each use; `private`: only the asker's browser, briefly. */
  cache: "public" | "private";
  /** A name for the browser's download, when the file is sent as an attachment. */
  downloadName?: string;
  /** The file's stat, when the caller has it already. */
  info?: StoredObjectInfo;
}

/**
 * Streams a stored file with safe headers (its own type, nosniff, a sandboxing CSP) and byte ranges
 * (206/416: iOS Safari plays a video only from range responses). Not found answers the route's 404.
 */
export async function sendStoredFile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  options: SendOptions,
) {
  const info = options.info ?? (await ctx.storage.stat(key));
  if (!info) return reply.callNotFound();
  // Keys change whenever a file is replaced, so the key and size name its bytes: a cheap 304 while it is there.
  const etag = `"${createHash("sha1").update(`${key}|${info.size}`).digest("base64url")}"`;
  reply
    .header("Content-Type", info.contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Accept-Ranges", "bytes")
    .header(
      "Cache-Control",
      // Not immutable: a file the host took away (a deleted property, a removed cover) must not live on in
      // browsers and proxies for a year; each use asks again and gets 304 or 404 (decision 038).
      options.cache === "public" ? "public, no-cache" : "private, max-age=300",
    )
    .header("ETag", etag);
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  // PDFs with automatic actions (lib/media-probe.ts) are downloaded, never opened in the browser.
  const attachment = key.endsWith(DOWNLOAD_SUFFIX);
  const name = options.downloadName ? `; filename*=UTF-8''${encodeURIComponent(options.downloadName)}` : "";
  reply.header("Content-Disposition", `${attachment ? "attachment" : "inline"}${name}`);
  const range = parseByteRange(request.headers.range, info.size);
  if (range === "unsatisfiable") {
    return reply.status(416).header("Content-Range", `bytes */${info.size}`).header("Content-Length", "0").send();
  }
  if (range) reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header("Content-Length", String(length));
  // An empty file or a HEAD request needs no stream at all.
  if (length === 0 || request.method === "HEAD") return reply.send();
  return reply.send(await ctx.storage.stream(key, range ?? undefined));
}
