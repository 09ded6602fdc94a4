import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import { getGuestStore, requireStoreStay, stayTimeLabel } from "../features/store/guest-store.service.ts";
import { STORE_SCRIPT } from "./guide-assets.ts";
import { loadGuidePage } from "./guide.service.ts";
import { STAY_PAGE_HEADERS } from "./stay-guide.routes.ts";
import { stayBasePath } from "./stay-guide.service.ts";
import { renderStayStorePage } from "./stay-store-page.tsx";

const Params = z.object({ token: text().min(1).max(100) });
const Query = z.object({ lang: text().max(12).optional(), placed: text().max(64).optional() });

/** `/s/{token}/extras`: the guest store of a stay's own link (decision 053); never on the public guide. */
export function registerStayStoreRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/s/:token/extras",
    { config: { public: true }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const query = Query.safeParse(request.query);
      const lang = query.success ? query.data.lang : undefined;
      let stay;
      try {
        stay = await requireStoreStay(ctx, request.params.token, request.ip);
      } catch (error) {
        if (!(error instanceof AppError) || error.reason !== "STAY_LINK_INACTIVE") throw error;
        const words = guideLabels(lang ?? "en").stay;
        return reply
          .status(404)
          .headers({ ...STAY_PAGE_HEADERS, "Content-Type": "text/html; charset=utf-8" })
          .send(
            `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(words.inactive)}</title></head><body><h1>${escapeHtml(words.inactive)}</h1></body></html>`,
          );
      }
      const guide = await loadGuidePage(ctx, {
        propertyId: stay.propertyId,
        basePath: `/g/${stay.propertyId}`,
        scriptUrl: STORE_SCRIPT.url,
        lang: lang ?? stay.guestLanguage,
        stayKey: true,
      });
      const language = guide.model.language;
      const store = await getGuestStore(ctx, stay, language);
      const page = renderStayStorePage({
        basePath: stayBasePath(request.params.token),
        language,
        title: guide.model.title,
        theme: guide.model.theme,
        store,
        placed: query.success ? (query.data.placed ?? null) : null,
        timeLabel: (iso) => stayTimeLabel(stay, iso, language),
        scriptUrl: STORE_SCRIPT.url,
      });
      return reply
        .status(200)
        .headers({ ...page.headers, ...STAY_PAGE_HEADERS })
        .send(page.html);
    },
  );
}
