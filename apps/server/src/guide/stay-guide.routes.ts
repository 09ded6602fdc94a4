import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import { GUIDE_SCRIPT, SERVICE_WORKER } from "./guide-assets.ts";
import type { GuidePageModel } from "./guide-model.ts";
import { renderGuide, securityHeaders, sendGuide, type RenderedGuide } from "./guide-render.tsx";
import { loadStayGuidePage, type GuideLoader, type StayGuideRequest } from "./stay-guide.service.ts";
import { createGuideModelCache } from "./guide-model-cache.ts";
import { loadGuidePage } from "./guide.service.ts";
import { GUIDE_PURGE_CHANNEL, STAY_PURGE_CHANNEL } from "../lib/guide-purge.ts";
import { recordStayLinkOpen, stayTokenHash, windowOf } from "../features/stays/stay-links.service.ts";
import { createOpenCounter, createStayPageCache, type CachedStayPage } from "./stay-page-cache.ts";
import { clientIp, rawHeaderValues, type FastPath } from "../lib/fast-path.ts";
import { pickEncoding } from "../lib/compression.ts";
import { createWires } from "./guide-fast-path.ts";
import { toGuideJson } from "./guide-json.ts";
import { AppError } from "../lib/app-error.ts";
import { StayGuideResponse } from "@doorstep/shared/schemas/stay-links";

const Params = z.object({ token: text().min(1).max(100) });
// A stay link as it is made (base64url, decision 042) with at most a `lang`: anything else goes the long way.
const STAY_URL = /^\/s\/([A-Za-z0-9_-]{16,100})(?:\?([^#]*))?$/;
const LANG = /^[A-Za-z0-9-]{0,12}$/;
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
} as const;

/** Sent by the guide's worker when it fetches a page the guest already has open, only to keep it offline. */
export const OFFLINE_COPY_HEADER = "x-guide-offline-copy";
/** The request headers the stay page's fast path reads. */
const STAY_READ_HEADERS = [OFFLINE_COPY_HEADER, "accept-encoding"] as const;

/**
 * What the link's own service worker (scope `/s/{token}`) is told of a page (decision 043): `X-Guide-Offline`
 * as the guide sets it (store a stay's guide, purge on an unknown or cancelled link), and during the stay
 * `X-Guide-Stay-Until`, the instant the worker drops the held parts of its copy by the device's clock.
 */
export function stayOfflineHeaders(model: GuidePageModel): Record<string, string> {
  return model.kind === "guide" && model.stay?.until ? { "X-Guide-Stay-Until": model.stay.until } : {};
}

/**
 * `/s/{token}`: a stay's own guide (decision 042), rendered from the property's cached model and the stay, kept
 * per token until its next phase and answered from that cache ahead of Fastify (decision 047). Returns that fast
 * path for the app's HTTP server.
 */
export function registerStayGuideRoutes(scope: FastifyInstance, ctx: AppContext): FastPath {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const models = createGuideModelCache(ctx.config.guide.renderCacheMs);
  const pages = createStayPageCache(ctx.config.guide.renderCacheMs);
  const opens = createOpenCounter(
    (stayId, times, at) => recordStayLinkOpen(ctx, stayId, times, at),
    (err) => ctx.log.error({ err }, "stay link openings not counted"),
  );
  // A guide's purge (or its account's: "account:{id}", decision 059) drops its model and its stays' pages.
  const unsubscribeGuide = ctx.broadcast.subscribe(GUIDE_PURGE_CHANNEL, (message) => {
    models.purge(message);
    if (message.startsWith("account:")) pages.purge(message);
    else pages.purgeProperty(message);
  });
  const unsubscribeStays = ctx.broadcast.subscribe(STAY_PURGE_CHANNEL, (message) => pages.purge(message));
  scope.addHook("onClose", async () => {
    unsubscribeGuide();
    unsubscribeStays();
    await opens.close();
  });
  const load: GuideLoader = (r) =>
    models.load(`${r.propertyId}|${r.lang ?? ""}`, r.propertyId, ctx.now().getTime(), () => loadGuidePage(ctx, r));
  /** Renders a stay's page; `previous` (the cached one) is kept when nothing it is made from changed. */
  async function renderStayPage(
    request: StayGuideRequest,
    previous: CachedStayPage | null,
  ): Promise<{ sent: RenderedGuide; cached: CachedStayPage | null }> {
    // The guide's own `until` (a trial ending) bounds the stay's page too (decision 059).
    let guideUntil = Infinity;
    const page = await loadStayGuidePage(ctx, request, async (r) => {
      const guide = await load(r);
      if (guide.until !== undefined) guideUntil = Math.min(guideUntil, guide.until);
      return guide;
    });
    const cancelled = page.found?.stay.status === "cancelled";
    const rendered = renderGuide(
      page.model,
      {
        protectedContent: true,
        // Gone for good: a cancelled stay's link will not come back (an unknown one is a plain 404).
        status: cancelled ? 410 : undefined,
      },
      previous?.rendered,
    );
    const stayPage =
      previous && rendered === previous.rendered
        ? previous.page
        : { ...rendered, headers: { ...rendered.headers, ...STAY_PAGE_HEADERS, ...stayOfflineHeaders(page.model) } };
    const found = page.found;
    if (!found || cancelled || page.model.kind !== "guide") return { sent: stayPage, cached: null };
    const { revealAt, endAt } = windowOf(found.stay, found.settings);
    const now = ctx.now().getTime();
    const phaseUntil =
      now < revealAt.getTime() ? revealAt.getTime() : now < endAt.getTime() ? endAt.getTime() : Infinity;
    const until = Math.min(phaseUntil, guideUntil);
    const { id: stayId, accountId, propertyId } = found.stay;
    return { sent: stayPage, cached: { page: stayPage, rendered, stayId, accountId, propertyId, until } };
  }

  /**
   * A cached stay page, revalidated in the background when due (decision 047), or null. The cache is keyed by
   * the token's SHA-256: a lookup compares hashes, never the token (decision 042's constant-time argument).
   */
  function cachedStayPage(token: string, lang: string | undefined, ip: string): CachedStayPage | null {
    const key = `${stayTokenHash(token)}|${lang ?? ""}`;
    return pages.get(key, ctx.now().getTime(), async (current) => {
      const request = { token, scriptUrl: GUIDE_SCRIPT.url, lang, ip, revalidating: true };
      return (await renderStayPage(request, current)).cached;
    });
  }

  app.get("/s/:token", { config: { public: true }, schema: { hide: true, params: Params } }, async (request, reply) => {
    const query = Query.safeParse(request.query);
    const lang = query.success ? query.data.lang : undefined;
    const acceptEncoding = str(request.headers["accept-encoding"]);
    const hit = cachedStayPage(request.params.token, lang, request.ip);
    // The link's worker fetching the page the guest has just opened, to keep it offline, is not another opening.
    const countOpen = request.headers[OFFLINE_COPY_HEADER] !== "1";
    if (hit) {
      if (countOpen) opens.add(hit.stayId, ctx.now());
      return sendGuide(reply, hit.page, undefined, acceptEncoding);
    }
    const startedAt = pages.begin();
    const { sent, cached } = await renderStayPage(
      {
        token: request.params.token,
        scriptUrl: GUIDE_SCRIPT.url,
        lang,
        acceptLanguage: str(request.headers["accept-language"])?.slice(0, 200),
        ip: request.ip,
        countOpen,
      },
      null,
    );
    if (cached) pages.set(`${stayTokenHash(request.params.token)}|${lang ?? ""}`, cached, startedAt);
    return sendGuide(reply, sent, undefined, acceptEncoding);
  });

  // The link's own service worker: the guide's, scoped to this link (the page registers it at `/s/{token}/sw.js`).
  // It reads nothing: any token gets the same script, which keeps only what `/s/{token}` itself answers.
  app.get(
    "/s/:token/sw.js",
    { config: { public: true }, schema: { hide: true, params: Params } },
    async (request, reply) =>
      reply
        .headers(securityHeaders(null))
        .headers(STAY_PAGE_HEADERS)
        .type("text/javascript; charset=utf-8")
        // Encoded: a real token is base64url (unchanged by it); anything else must not break the header.
        .header("Service-Worker-Allowed", `/s/${encodeURIComponent(request.params.token)}`)
        .header("Cache-Control", "no-cache")
        .send(SERVICE_WORKER),
  );

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
      reply.headers(STAY_PAGE_HEADERS).header("X-Guide-Offline", "skip");
      if (page.found?.stay.status === "cancelled") throw new AppError("STAY_LINK_INACTIVE");
      const { model } = page;
      if (model.kind !== "guide" || !model.stay) throw new AppError("GUIDE_PAGE_NOT_FOUND");
      return { ...toGuideJson(model), stay: model.stay };
    },
  );

  const wireOf = createWires(ctx.config.publicUrl.startsWith("https://"));
  // Named, so a CPU profile tells it apart from the guide's own fast path.
  const fastPath = function stayPageFastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const match = STAY_URL.exec(req.url ?? "");
    if (!match) return false;
    let lang: string | undefined;
    if (match[2]) {
      for (const [name, value] of new URLSearchParams(match[2])) {
        // Only the language may vary; a repeated one is for the route's schema to judge.
        if (name !== "lang" || lang !== undefined) return false;
        lang = value;
      }
      if (lang !== undefined && !LANG.test(lang)) return false;
    }
    const headers = rawHeaderValues(req, STAY_READ_HEADERS);
    if (!headers) return false;
    const hit = cachedStayPage(match[1]!, lang, clientIp(req, ctx.config.trustProxy) ?? "");
    if (!hit) return false;
    if (headers[OFFLINE_COPY_HEADER] !== "1") opens.add(hit.stayId, ctx.now());
    const wire = wireOf(hit.page, pickEncoding(headers["accept-encoding"]));
    fastPath.served++;
    res.writeHead(hit.page.status, wire.headers).end(wire.body);
    return true;
  } as FastPath;
  fastPath.served = 0;
  return fastPath;
}
