import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import { GuideResponse, PreviewLinkResponse, UnlockGuideRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { pickEncoding } from "../lib/compression.ts";
import { GUIDE_PURGE_CHANNEL } from "../lib/guide-purge.ts";
import { guideUrl } from "../lib/urls.ts";
import { requireCaller } from "../plugins/auth.ts";
import { sendAppError } from "../plugins/errors.ts";
import { guestCookieName } from "./guide-access.ts";
import { registerGuestMessageApiRoutes } from "./guest-messages-api.routes.ts";
import { registerGuestMessageRoutes } from "./guest-messages.routes.ts";
import {
  GUIDE_SCRIPT,
  LEAFLET_SCRIPT,
  LEAFLET_STYLE,
  MESSAGES_SCRIPT,
  SERVICE_WORKER,
  STORE_SCRIPT,
} from "./guide-assets.ts";
import { toGuideJson } from "./guide-json.ts";
import type { FastPath } from "../lib/fast-path.ts";
import { createGuideFastPath, type GuidePageKey } from "./guide-fast-path.ts";
import { guideBasePath, guideHostRewrite } from "./guide-host.ts";
import { renderGuide, securityHeaders, sendGuide, type RenderedGuide } from "./guide-render.tsx";
import { createPreviewLink, getGuideManifest, loadGuidePage, unlockGuide, type GuidePage } from "./guide.service.ts";
import { gateErrorText } from "./guest-errors.ts";
import { createRenderCache, type PageHints } from "./render-cache.ts";
import { registerStayGuideRoutes } from "./stay-guide.routes.ts";
import { registerStayStoreRoutes } from "./stay-store.routes.ts";

const Params = z.object({ propertyId: text().min(1).max(60) });
const GuideQuery = z.object({ lang: text().max(12).optional(), preview: text().max(600).optional() }).loose();
const tags = ["guide"];
const hidden = { hide: true };
// Files under /g/_/, each named by its content (cached for a year).
const ASSETS = [GUIDE_SCRIPT, MESSAGES_SCRIPT, STORE_SCRIPT, LEAFLET_SCRIPT, LEAFLET_STYLE];
const str = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The public guest guide: pages, passcode unlock, manifest, service worker and script, and the
 * owner's preview link. Registered in its own scope so its form-body parser stays here. Returns the fast path
 * that serves cached public pages ahead of Fastify (the app installs it in its HTTP server).
 */
export async function registerGuideRoutes(parent: FastifyInstance, ctx: AppContext): Promise<FastPath> {
  let fastPath: FastPath | null = null;
  let stayFastPath: FastPath | null = null;
  await parent.register(async (scope) => {
    // The passcode form posts without JavaScript (GUIDE-07): application/x-www-form-urlencoded.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 2048 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    fastPath = routes(scope, ctx);
    registerGuestMessageRoutes(scope, ctx);
    registerGuestMessageApiRoutes(scope, ctx);
    stayFastPath = registerStayGuideRoutes(scope, ctx);
    registerStayStoreRoutes(scope, ctx);
  });
  const guide = fastPath!;
  const stay = stayFastPath!;
  // The guide's cached pages, then the stays' (decisions 025, 047): one listener for the app's HTTP server.
  const both = ((req, res) => guide(req, res) || stay(req, res)) as FastPath;
  Object.defineProperty(both, "served", { get: () => guide.served + stay.served });
  return both;
}

const pageHints = (page: GuidePage): PageHints => ({ accountId: page.accountId, until: page.until });

function routes(scope: FastifyInstance, ctx: AppContext): FastPath {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const cache = createRenderCache(ctx.config.guide.renderCacheMs, (error) =>
    ctx.log.error({ err: error }, "a guide page's background render failed"),
  );
  // Every write that changes a guide, on any instance, drops this instance's pages of it (decision 059).
  const unsubscribe = ctx.broadcast.subscribe(GUIDE_PURGE_CHANNEL, (message) => cache.purge(message));
  scope.addHook("onClose", async () => unsubscribe());
  const secure = ctx.config.publicUrl.startsWith("https://");
  const guideUrlOf = (propertyId: string) => guideUrl(ctx, propertyId);

  const cacheKeyOf = (key: GuidePageKey) =>
    `${guideBasePath(key.originalUrl, key.propertyId)}|${key.lang ?? ""}|${key.acceptLanguage ?? ""}`;
  /** A public page from the render cache, refreshed ahead when due; null when it is not there (yet). */
  function cachedPage(key: GuidePageKey): RenderedGuide | null {
    // The refresh renders for nobody in particular (no cookie, no preview); a page that became personal is dropped.
    const refresh = async (current?: RenderedGuide) => {
      const shared = await loadGuidePage(ctx, {
        propertyId: key.propertyId,
        basePath: guideBasePath(key.originalUrl, key.propertyId),
        scriptUrl: GUIDE_SCRIPT.url,
        lang: key.lang,
        acceptLanguage: key.acceptLanguage,
      });
      if (shared.personal) return null;
      const page = renderGuide(shared.model, { protectedContent: shared.protectedContent }, current);
      return { page, hints: pageHints(shared) };
    };
    return cache.get(cacheKeyOf(key), ctx.now().getTime(), refresh);
  }

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    propertyId: string,
    extra: { gateError?: string; status?: number } = {},
  ) {
    const query = GuideQuery.safeParse(request.query);
    const q = query.success ? query.data : {};
    const basePath = guideBasePath(request.originalUrl, propertyId);
    const acceptLanguage = str(request.headers["accept-language"])?.slice(0, 200);
    const key = { originalUrl: request.originalUrl, propertyId, lang: q.lang, acceptLanguage };
    const guestCookie = request.cookies[guestCookieName(propertyId)];
    const cacheable = !q.preview && !extra.gateError;
    const hit = cacheable ? cachedPage(key) : null;
    const acceptEncoding = str(request.headers["accept-encoding"]);
    if (hit) return sendGuide(reply, hit, str(request.headers["if-none-match"]), acceptEncoding);
    const render = async () => {
      const startedAt = cache.begin();
      const result = await loadGuidePage(ctx, {
        propertyId,
        basePath,
        scriptUrl: GUIDE_SCRIPT.url,
        lang: q.lang ?? (request.body as { lang?: string } | undefined)?.lang,
        acceptLanguage,
        previewToken: q.preview,
        guestCookie,
        gateError: extra.gateError,
      });
      const rendered = renderGuide(result.model, { status: extra.status, protectedContent: result.protectedContent });
      if (cacheable && !result.personal) cache.set(cacheKeyOf(key), propertyId, rendered, startedAt, pageHints(result));
      return { rendered, personal: result.personal };
    };
    // Visitors with nothing personal about them (no unlock cookie, no preview, no gate error) share one render
    // of a page not cached yet: after a purge, a crowd costs one database read and one render (decision 047).
    const shared = cacheable && !guestCookie;
    const rendered = shared
      ? await cache.once(cacheKeyOf(key), propertyId, async () => (await render()).rendered)
      : (await render()).rendered;
    return sendGuide(
      reply,
      rendered,
      extra.gateError ? undefined : str(request.headers["if-none-match"]),
      acceptEncoding,
    );
  }

  app.get(
    "/g/:propertyId",
    { config: { public: true }, schema: { ...hidden, params: Params } },
    async (request, reply) => page(request, reply, request.params.propertyId),
  );

  app.post(
    "/g/:propertyId/unlock",
    { config: { public: true }, schema: { ...hidden, params: Params } },
    async (request, reply) => {
      const { propertyId } = request.params;
      const wantsJson = str(request.headers.accept)?.includes("application/json") ?? false;
      const base = guideBasePath(request.originalUrl, propertyId);
      const parsed = UnlockGuideRequest.safeParse(request.body ?? {});
      try {
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
          throw new AppError("PASSCODE_FORMAT", undefined, { issues });
        }
        const cookie = await unlockGuide(ctx, propertyId, parsed.data.passcode, request.ip);
        if (cookie) {
          reply.setCookie(guestCookieName(propertyId), cookie.value, {
            httpOnly: true,
            sameSite: "lax",
            secure,
            path: "/",
            maxAge: cookie.maxAgeSeconds,
          });
        }
        reply.headers(securityHeaders(null)).header("Cache-Control", "no-store");
        if (wantsJson) return reply.send({ unlocked: true });
        const lang = parsed.data.lang ? `?lang=${encodeURIComponent(parsed.data.lang)}` : "";
        return reply.redirect(`${base}${lang}`, 303);
      } catch (caught) {
        // JavaScript posts JSON and gets the error; the plain form gets the gate again with the message.
        if (!(caught instanceof AppError) || caught.code === "NOT_FOUND") throw caught;
        // In the language the gate was shown in: the page's, posted back by the gate's form.
        const posted = (request.body as { lang?: unknown } | undefined)?.lang;
        const message = gateErrorText(caught, typeof posted === "string" ? posted : "en");
        const issues = caught.issues?.map((i) => ({ path: i.path, message }));
        if (wantsJson) return sendAppError(reply, caught, message, issues);
        if (caught.retryAfterSeconds) reply.header("Retry-After", String(caught.retryAfterSeconds));
        return page(request, reply, propertyId, { gateError: message, status: caught.status });
      }
    },
  );

  app.get(
    "/g/:propertyId/manifest.webmanifest",
    { config: { public: true }, schema: { ...hidden, params: Params } },
    async (request, reply) => {
      const basePath = guideBasePath(request.originalUrl, request.params.propertyId);
      const manifest = await getGuideManifest(ctx, request.params.propertyId, basePath);
      if (!manifest) throw new AppError("GUIDE_NOT_FOUND");
      return reply
        .headers(securityHeaders(null))
        .type("application/manifest+json")
        .header("Cache-Control", "public, max-age=300")
        .send(JSON.stringify(manifest));
    },
  );

  app.get(
    "/g/:propertyId/sw.js",
    { config: { public: true }, schema: { ...hidden, params: Params } },
    async (request, reply) =>
      reply
        .headers(securityHeaders(null))
        .type("text/javascript; charset=utf-8")
        // The page lives at "/g/{id}" (no trailing slash), one level above this script.
        .header("Service-Worker-Allowed", guideBasePath(request.originalUrl, request.params.propertyId))
        .header("Cache-Control", "no-cache")
        .send(SERVICE_WORKER),
  );

  app.get(
    "/g/_/:asset",
    { config: { public: true }, schema: { ...hidden, params: z.object({ asset: text().max(60) }) } },
    async (request, reply) => {
      const asset = ASSETS.find((s) => s.name === request.params.asset);
      if (!asset) throw new AppError("NOT_FOUND");
      const encoding = pickEncoding(str(request.headers["accept-encoding"]));
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply
        .headers(securityHeaders(null))
        .type(asset.type)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Vary", "Accept-Encoding")
        .send(asset.body.get(encoding));
    },
  );

  app.get(
    "/api/guide/:propertyId",
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          "The guide as guest-safe data (IMPL-02): locked when protected and not unlocked; 404 unknown or inactive",
        params: Params,
        querystring: z.object({ lang: text().max(12).optional() }),
        response: { 200: GuideResponse },
      },
    },
    async (request, reply) => {
      const { propertyId } = request.params;
      const result = await loadGuidePage(ctx, {
        propertyId,
        basePath: `/g/${propertyId}`,
        scriptUrl: GUIDE_SCRIPT.url,
        lang: request.query.lang,
        acceptLanguage: str(request.headers["accept-language"])?.slice(0, 200),
        guestCookie: request.cookies[guestCookieName(propertyId)],
      });
      const { model } = result;
      if (model.kind === "not-found") throw new AppError("GUIDE_PAGE_NOT_FOUND");
      // Taken away by its host (unpublished) or the operator: gone for now, like the page (decision 038).
      if (model.kind === "inactive") throw new AppError("GUIDE_INACTIVE");
      const json = toGuideJson(model);
      // Protected (locked or unlocked) and preview answers are never stored: a new passcode must take effect at once.
      // Public ones are revalidated on every use, answered 304 while unchanged (decision 038).
      const etag = `"${createHash("sha1").update(JSON.stringify(json)).digest("base64url")}"`;
      reply
        .header("Cache-Control", result.personal ? "private, no-store" : "public, no-cache")
        .header("Vary", "Accept-Language, Cookie")
        .header("X-Robots-Tag", "noindex")
        .header("ETag", etag);
      // Not Modified is no response of the schema's: sent through the untyped reply.
      if (str(request.headers["if-none-match"]) === etag) return (reply as FastifyReply).status(304).send();
      return reply.send(json);
    },
  );

  app.post(
    "/api/properties/:propertyId/preview-link",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A short-lived link showing the owner the guide even when inactive or protected (GUIDE-06, OPEN-57)",
        params: Params,
        response: { 200: PreviewLinkResponse },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const link = await createPreviewLink(
        ctx,
        caller.accountId,
        request.params.propertyId,
        guideUrlOf(request.params.propertyId),
      );
      return reply.header("Cache-Control", "no-store").send(link);
    },
  );

  return createGuideFastPath({
    cached: cachedPage,
    rewrite: guideHostRewrite(ctx.config.guide.host),
    hsts: secure,
  });
}
