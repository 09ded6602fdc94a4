import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import type { RateLimitRule } from "../../env.ts";
import { clientIp, type FastPath } from "../../lib/fast-path.ts";

/** One report route as the fast path runs it: what visits.routes.ts's handler does, step for step. */
export interface ReportRoute<S extends z.ZodType> {
  /** The OpenAPI summary. */
  summary: string;
  body: S;
  /** The rate limiter's bucket and rule, keyed by the client's address. */
  bucket: string;
  rule: (ctx: AppContext) => RateLimitRule;
  record: (ctx: AppContext, input: z.output<S>, userAgent: string | undefined) => Promise<unknown>;
}

/** A route typed by its own schema, kept beside the others (its record takes what its schema gave). */
export function reportRoute<S extends z.ZodType>(route: ReportRoute<S>): ReportRoute<z.ZodType> {
  return route as unknown as ReportRoute<z.ZodType>;
}

/** Fastify's own answer to a request whose body has been read (app.inject): for all the fast path leaves. */
export type Fallback = (
  req: IncomingMessage,
  body: Buffer,
) => Promise<{ statusCode: number; headers: OutgoingHttpHeaders; body: Buffer }>;

/** A beacon at its schema's bounds is about 13 KB; anything larger is Fastify's to judge. */
const MAX_BYTES = 32 * 1024;
// Keys secure-json-parse (Fastify's JSON parser) refuses and JSON.parse would take: left to Fastify.
const PROTOTYPE_KEYS = /__proto__|constructor/;

/**
 * The guide's reports, answered before Fastify (ingest budget, decision 028): a guest's visit or
 * section beacon that is well formed, within its rate limit and recorded is answered 204 here with the route's
 * exact headers, skipping Fastify's routing, hooks and logging — most of what such a request cost. It takes
 * only what Fastify would take without a second look: POST to the exact path, JSON by Content-Length, no
 * cookie or Authorization (so no session and no CSRF question beyond the origin), an origin that is this
 * site's or none. Everything else falls through before the body is read; a body that is not valid JSON for
 * the route's schema, a client over its limit and a failure to record are handed, body and all, to Fastify
 * (`fallback`), whose answer is written as it gave it.
 */
export function createReportFastPath(options: {
  ctx: AppContext;
  routes: Record<string, ReportRoute<z.ZodType>>;
  /** The route's 204 headers, as Fastify writes them (reportHeaders). */
  headers: OutgoingHttpHeaders;
  fallback: Fallback;
}): FastPath {
  const { ctx } = options;
  const publicOrigin = new URL(ctx.config.publicUrl).origin;
  const headers = Object.entries(options.headers).flatMap(([name, value]) => [name, String(value)]);

  /** Whether Fastify's CSRF check (plugins/csrf.ts) would pass this cookie-less request without a doubt. */
  function sameSite(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    let source: string | null = null;
    if (origin) source = origin;
    else if (referer) {
      try {
        source = new URL(referer).origin;
      } catch {
        return false;
      }
    }
    if (source === null || source === publicOrigin) return true;
    // The request's own host: only when no proxy could have named another (X-Forwarded-Host).
    if (req.headers["x-forwarded-host"] !== undefined) return false;
    try {
      return new URL(source).host === req.headers.host;
    } catch {
      return false;
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, route: ReportRoute<z.ZodType>, body: Buffer) {
    try {
      const text = body.toString("utf8");
      const parsed = PROTOTYPE_KEYS.test(text) ? null : route.body.safeParse(JSON.parse(text));
      if (parsed?.success) {
        await ctx.rateLimiter.consume(route.bucket, clientIp(req, ctx.config.trustProxy) ?? "", route.rule(ctx));
        await route.record(ctx, parsed.data, req.headers["user-agent"]);
        fastPath.served++;
        res.writeHead(204, headers).end();
        return;
      }
    } catch {
      // Not JSON, over the limit, or not recorded: Fastify answers it (counting the attempt again).
    }
    try {
      const fastify = await options.fallback(req, body);
      res.writeHead(fastify.statusCode, fastify.headers).end(fastify.body);
    } catch (err) {
      ctx.log.error({ err }, "guide report not answered");
      res.destroy();
    }
  }

  // Named, so a CPU profile tells the two fast paths apart (bench/ingest-share.ts).
  const fastPath = function reportFastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "POST") return false;
    const route = options.routes[req.url ?? ""];
    if (!route) return false;
    const length = Number(req.headers["content-length"]);
    if (
      req.headers.cookie !== undefined ||
      req.headers.authorization !== undefined ||
      req.headers["transfer-encoding"] !== undefined ||
      req.headers["content-type"]?.toLowerCase() !== "application/json" ||
      !(length > 0 && length <= MAX_BYTES) ||
      !sameSite(req)
    )
      return false;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer(req, res, route, Buffer.concat(chunks)));
    req.on("error", () => res.destroy());
    return true;
  } as FastPath;
  fastPath.served = 0;
  return fastPath;
}
