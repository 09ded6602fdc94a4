import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { RecordEngagementRequest, RecordVisitRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import type { FastPath } from "../../lib/fast-path.ts";
import { API_CSP } from "../../plugins/security-headers.ts";
import { recordEngagement } from "./engagement.service.ts";
import { createReportFastPath, reportRoute } from "./report-fast-path.ts";
import { recordVisit } from "./visits.service.ts";

/**
 * The headers of a report's 204 as Fastify writes them: the route's Cache-Control and what the security-header
 * hooks add (plugins/security-headers.ts, HSTS over https). The fast path writes these; its test compares them
 * with Fastify's own answer, header by header.
 */
function reportHeaders(ctx: AppContext): Record<string, string> {
  return {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "content-security-policy": API_CSP,
    "x-frame-options": "DENY",
    ...(ctx.config.publicUrl.startsWith("https://") ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}

/** The two reports, each run the same way by its Fastify route and by the fast path (decision 028). */
const REPORTS = {
  "/api/guide/visits": reportRoute({
    summary: "Record a guest guide visit (GUIDE-17, IMPL-05)",
    body: RecordVisitRequest,
    bucket: "guide-visit",
    rule: (ctx) => ctx.config.guide.visits,
    record: recordVisit,
  }),
  "/api/guide/engagement": reportRoute({
    summary: "Record the sections, items and language a guest's session saw (section analytics)",
    body: RecordEngagementRequest,
    bucket: "guide-engagement",
    rule: (ctx) => ctx.config.guide.engagement,
    record: recordEngagement,
  }),
};

/**
 * What the guest guide reports, public and rate-limited per IP: POST /api/guide/visits, a visit (IMPL-05),
 * and POST /api/guide/engagement, the sections and items a session saw (section analytics). Returns the fast
 * path that answers well-formed reports before Fastify; these routes answer the rest.
 */
export function registerVisitRoutes(parent: FastifyInstance, ctx: AppContext): FastPath {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  for (const [url, report] of Object.entries(REPORTS)) {
    app.post(
      url,
      {
        config: { public: true },
        schema: { tags: ["guide"], summary: report.summary, body: report.body, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await ctx.rateLimiter.consume(report.bucket, request.ip, report.rule(ctx));
        await report.record(ctx, request.body, request.headers["user-agent"]);
        // The same answer whatever happened: the endpoint tells a caller nothing about properties.
        return reply.status(204).header("Cache-Control", "no-store").send(null);
      },
    );
  }

  // Fastify's own inject, taken now: a test client may wrap app.inject later to add headers.
  const inject = parent.inject.bind(parent);
  return createReportFastPath({
    ctx,
    routes: REPORTS,
    headers: reportHeaders(ctx),
    fallback: async (req, body) => {
      const res = await inject({
        method: "POST",
        url: req.url!,
        headers: req.headers,
        payload: body,
        remoteAddress: req.socket.remoteAddress,
      });
      return { statusCode: res.statusCode, headers: res.headers, body: res.rawPayload };
    },
  });
}
