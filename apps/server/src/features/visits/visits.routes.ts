import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { RecordEngagementRequest, RecordVisitRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { recordEngagement } from "./engagement.service.ts";
import { recordVisit } from "./visits.service.ts";

/**
 * What the guest guide reports, public and rate-limited per IP: POST /api/guide/visits, a visit (IMPL-05),
 * and POST /api/guide/engagement, the sections and items a session saw (section analytics).
 */
export function registerVisitRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/guide/visits",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Record a guest guide visit (GUIDE-17, IMPL-05)",
        body: RecordVisitRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.consume("guide-visit", request.ip, ctx.config.guide.visits);
      await recordVisit(ctx, request.body, request.headers["user-agent"]);
      // The same answer whatever happened: the endpoint tells a caller nothing about properties.
      return reply.status(204).header("Cache-Control", "no-store").send(null);
    },
  );

  app.post(
    "/api/guide/engagement",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Record the sections, items and language a guest's session saw (section analytics)",
        body: RecordEngagementRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await ctx.rateLimiter.consume("guide-engagement", request.ip, ctx.config.guide.engagement);
      await recordEngagement(ctx, request.body, request.headers["user-agent"]);
      return reply.status(204).header("Cache-Control", "no-store").send(null);
    },
  );
}
