import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { iconSize, resizeImage, squareIcon, variantKey, variantWidth } from "../../lib/images.ts";
import { isSafeKey } from "../../providers/storage/file-storage.ts";
import { sendStoredFile } from "../../lib/send-stored-file.ts";
import { arePropertyFilesServed } from "../properties/property-guide.service.ts";

// A property's own files (cover, content media, its local places): `accounts/{account}/properties/{id}/…`.
const PROPERTY_FILE = /^accounts\/[^/]+\/properties\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;

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
      // Message attachments are the host's and the guest's only: their own routes check who asks.
      if (key.includes("/messages/")) return reply.callNotFound();
      // A deleted or deactivated property's files go with its guide, at once, not when the purge job runs.
      const property = PROPERTY_FILE.exec(key)?.[1];
      if (property && !(await arePropertyFilesServed(ctx, property))) return reply.callNotFound();
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
      return sendStoredFile(ctx, request, reply, servedKey, { cache: "public", info });
    },
  );
}
