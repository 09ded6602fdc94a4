import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BulkUpdateRequest, BulkUpdateResponse } from "@doorstep/shared/schemas/bulk-updates";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { runBulkUpdate } from "../../commands/bulk-update.ts";

/** POST /api/bulk-updates: check (apply false) or apply one detail to many of the caller's properties (BULK-01…05). */
export function registerBulkUpdateRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/bulk-updates",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags: ["properties"],
        summary: "Change one detail of many properties, each on its own, with a result per property",
        body: BulkUpdateRequest,
        response: { 200: BulkUpdateResponse },
      },
    },
    async (request) => runBulkUpdate(ctx, requireCaller(request), request.body),
  );
}
