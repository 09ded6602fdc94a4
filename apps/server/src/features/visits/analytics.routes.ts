import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AnalyticsOptionsResponse,
  AnalyticsRangeQuery,
  AnalyticsSectionsResponse,
  AnalyticsVisitsResponse,
  SetTimeZoneRequest,
  SetTimeZoneResponse,
} from "@doorstep/shared/schemas/analytics";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { getAnalyticsOptions, getVisitsView, setAnalyticsTimeZone } from "./analytics.service.ts";
import { getSectionsView } from "./section-analytics.service.ts";

const tags = ["analytics"];

/** Guide analytics for the caller's own account (ANL-01…08), read from the daily rollup. */
export function registerAnalyticsRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/analytics/visits",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Unique guide sessions per day by device and source, with totals and the previous range",
        querystring: AnalyticsRangeQuery,
        response: { 200: AnalyticsVisitsResponse },
      },
    },
    async (request) => getVisitsView(ctx, requireCaller(request), request.query),
  );

  app.get(
    "/api/analytics/sections",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Which guide sections guests saw (reach), the items seen most and the languages read",
        querystring: AnalyticsRangeQuery,
        response: { 200: AnalyticsSectionsResponse },
      },
    },
    async (request) => getSectionsView(ctx, requireCaller(request), request.query),
  );

  app.get(
    "/api/analytics/options",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The months and properties the analytics page offers, and the account's time zone",
        response: { 200: AnalyticsOptionsResponse },
      },
    },
    async (request) => getAnalyticsOptions(ctx, requireCaller(request)),
  );

  app.put(
    "/api/analytics/time-zone",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Set the time zone analytics days are counted in; rebuilds the daily rollup when it changes",
        body: SetTimeZoneRequest,
        response: { 200: SetTimeZoneResponse },
      },
    },
    async (request) => setAnalyticsTimeZone(ctx, requireCaller(request), request.body.timeZone),
  );
}
