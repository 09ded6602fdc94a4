import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { iconSize, resizeImage, squareIcon, variantKey, variantWidth } from "../../lib/images.ts";
import { DOWNLOAD_SUFFIX } from "../../lib/media-probe.ts";
import { isSafeKey } from "../../providers/storage/file-storage.ts";
import { parseByteRange } from "./byte-range.ts";

/**
 * Serves uploaded files by their unguessable server-generated key, with resized image variants
 * (`?w=300`, FILE-10) made once and cached beside the original. Files are streamed from storage and
 * honour `Range` (206/416): iOS Safari plays a video only from range responses.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { "*": string }; Querystring: { w?: string; icon?: string } }>(
    "/files/*",
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      // Variants are reached only through ?w= or ?icon=, never by their own key.
      if (!isSafeKey(key) || /\.(w\d+\.webp|icon\d+\.png)$/.test(key)) return reply.callNotFound();
      const icon = iconSize(Number(request.query.icon));
      const width = icon ? null : variantWidth(Number(request.query.w));
      const servedKey = icon ? `${key}.icon${icon}.png` : width ? variantKey(key, width) : key;
      let info = await ctx.storage.stat(servedKey);
      if (!info && (icon || width) && (await ctx.storage.stat(key))?.contentType.startsWith("image/")) {
        // Originals are re-encoded uploads of at most 2400 px (lib/images.ts): small enough to resize in memory.
        const original = await ctx.storage.get(key);
        if (original) {
          if (icon) await ctx.storage.put(servedKey, await squareIcon(original.body, icon), "image/png");
          else await ctx.storage.put(servedKey, await resizeImage(original.body, width!), "image/webp");
          info = await ctx.storage.stat(servedKey);
        }
      }
      if (!info) return reply.callNotFound();

      safeFileHeaders(reply, info.contentType);
      // PDFs with automatic actions (lib/media-probe.ts) are downloaded, never opened in the browser.
      if (servedKey.endsWith(DOWNLOAD_SUFFIX)) reply.header("Content-Disposition", "attachment");
      const range = parseByteRange(request.headers.range, info.size);
      if (range === "unsatisfiable") {
        return reply.status(416).header("Content-Range", `bytes */${info.size}`).header("Content-Length", "0").send();
      }
      if (range) {
        reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
      }
      const length = range ? range.end - range.start + 1 : info.size;
      reply.header("Content-Length", String(length));
      // An empty file or a HEAD request needs no stream at all.
      if (length === 0 || request.method === "HEAD") return reply.send();
      return reply.send(await ctx.storage.stream(servedKey, range ?? undefined));
    },
  );
}

function safeFileHeaders(reply: FastifyReply, contentType: string): void {
  reply
    .header("Content-Type", contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", "inline")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Accept-Ranges", "bytes")
    // Keys change whenever a file is replaced, so a file never changes under its URL.
    .header("Cache-Control", "public, max-age=31536000, immutable");
}
