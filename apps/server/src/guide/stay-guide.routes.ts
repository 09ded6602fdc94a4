import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import { GUIDE_SCRIPT } from "./guide-assets.ts";
import { renderGuide, sendGuide } from "./guide-render.tsx";
import { loadStayGuidePage, type GuideLoader } from "./stay-guide.service.ts";
import { createGuideModelCache } from "./guide-model-cache.ts";
import { loadGuidePage } from "./guide.service.ts";
import { GUIDE_PURGE_CHANNEL } from "../lib/guide-purge.ts";
import { toGuideJson } from "./guide-json.ts";
import { AppError } from "../lib/app-error.ts";
import { StayGuideResponse } from "@doorstep/shared/schemas/stay-links";

const Params = z.object({ token: text().min(1).max(100) });
const Query = z.object({ lang: text().max(12).optional() });
const str = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * What every stay page carries, whatever it shows: the answer is this guest's alone (no shared cache, no
 * browser copy), never indexed, and its address — the key — is never sent on as a Referer.
 */
export const STAY_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  // Not kept offline by the guide's service worker (its scope is the public guide's address anyway).
  "X-Guide-Offline": "skip",
} as const;

/** `/s/{token}`: a stay's own guide (decision 042). Rendered per request from the guide's model and the stay. */
export function registerStayGuideRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const models = createGuideModelCache(ctx.config.guide.renderCacheMs);
  const unsubscribe = ctx.broadcast.subscribe(GUIDE_PURGE_CHANNEL, (propertyId) => models.purge(propertyId));
  scope.addHook("onClose", async () => unsubscribe());
  const load: GuideLoader = (r) =>
    models.load(`${r.propertyId}|${r.lang ?? ""}`, r.propertyId, () => loadGuidePage(ctx, r));
  app.get("/s/:token", { config: { public: true }, schema: { hide: true, params: Params } }, async (request, reply) => {
    const query = Query.safeParse(request.query);
    const page = await loadStayGuidePage(
      ctx,
      {
        token: request.params.token,
        scriptUrl: GUIDE_SCRIPT.url,
        lang: query.success ? query.data.lang : undefined,
        acceptLanguage: str(request.headers["accept-language"])?.slice(0, 200),
        ip: request.ip,
      },
      load,
    );
    const cancelled = page.found?.stay.status === "cancelled";
    const rendered = renderGuide(page.model, {
      protectedContent: true,
      // Gone for good: a cancelled stay's link will not come back (an unknown one is a plain 404).
      status: cancelled ? 410 : undefined,
    });
    return sendGuide(
      reply,
      { ...rendered, headers: { ...rendered.headers, ...STAY_PAGE_HEADERS } },
      undefined,
      str(request.headers["accept-encoding"]),
    );
  });

  app.get(
    "/api/stay-guide/:token",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "A stay's guide as guest-safe data, by the stay link's token (decision 042); 404 unknown or cancelled",
        params: Params,
        querystring: Query,
        response: { 200: StayGuideResponse },
      },
    },
    async (request, reply) => {
      const page = await loadStayGuidePage(
        ctx,
        {
          token: request.params.token,
          scriptUrl: GUIDE_SCRIPT.url,
          lang: request.query.lang,
          acceptLanguage: str(request.headers["accept-language"])?.slice(0, 200),
          ip: request.ip,
        },
        load,
      );
      reply.headers(STAY_PAGE_HEADERS);
      if (page.found?.stay.status === "cancelled") throw new AppError("STAY_LINK_INACTIVE");
      const { model } = page;
      if (model.kind !== "guide" || !model.stay) throw new AppError("GUIDE_PAGE_NOT_FOUND");
      return { ...toGuideJson(model), stay: model.stay };
    },
  );
}
