import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SupportRequest } from "@doorstep/shared/schemas/support";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { contactSupport } from "./support.service.ts";

/** POST /api/support (PROP-20): any signed-in person writes to support. */
export function registerSupportRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/support",
    {
      config: { permission: "self" },
      schema: {
        tags: ["support"],
        summary: "Email support; the answer comes by email",
        body: SupportRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await contactSupport(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );
}
