import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ActivityQuery, ActivityResponse } from "@doorstep/shared/schemas/activity";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { listActivity } from "./activity.service.ts";

/** GET /api/activity (decision 058): the account's activity log, for owners and admins. */
export function registerActivityRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/activity",
    {
      config: { permission: "activity:read" },
      schema: {
        tags: ["activity"],
        summary: "Who changed what and when, newest first; by property and by member",
        querystring: ActivityQuery,
        response: { 200: ActivityResponse },
      },
    },
    async (request) => listActivity(ctx, requireCaller(request), request.query),
  );
}
