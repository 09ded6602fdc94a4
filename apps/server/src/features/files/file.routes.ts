import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { resizeImage, variantWidth } from "../../lib/images.ts";
import { isSafeKey } from "../../providers/storage/index.ts";

/**
 * Serves uploaded files by their unguessable server-generated key, with resized image variants
 * (`?w=300`, FILE-10) made once and cached beside the original.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { "*": string }; Querystring: { w?: string } }>(
    "/files/*",
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const key = request.params["*"];
      // Variants are reached only through ?w=, never by their own key.
      if (!isSafeKey(key) || /\.w\d+\.webp$/.test(key)) return reply.callNotFound();
      const width = variantWidth(Number(request.query.w));
      let file = await ctx.storage.get(width ? `${key}.w${width}.webp` : key);
      if (!file && width) {
        const original = await ctx.storage.get(key);
        if (original?.contentType.startsWith("image/")) {
          const body = await resizeImage(original.body, width);
          await ctx.storage.put(`${key}.w${width}.webp`, body, "image/webp");
          file = { body, contentType: "image/webp" };
        }
      }
      if (!file) return reply.callNotFound();
      return reply
        .header("Content-Type", file.contentType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        // Keys change whenever a file is replaced, so a file never changes under its URL.
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .send(file.body);
    },
  );
}
