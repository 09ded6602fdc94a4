import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { openAccountExport, requestAccountExport } from "./account-data.service.ts";

const tags = ["account"];

/** "Download my data" (IMPL-33): the owner asks, the archive is built in the background and its link emailed. */
export function registerAccountDataRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/account/export",
    {
      config: { permission: "account:own" },
      schema: { tags, summary: "Build the account's data archive; its link is emailed", response: { 202: z.null() } },
    },
    async (request, reply) => {
      await requestAccountExport(ctx, requireCaller(request));
      return reply.status(202).send(null);
    },
  );
  app.get(
    "/api/account/exports/:name",
    {
      config: { permission: "account:own" },
      schema: {
        tags,
        summary: "The archive an emailed link names, for 24 hours",
        params: z.object({ name: text().max(80) }),
      },
    },
    async (request, reply) => {
      const file = await openAccountExport(ctx, requireCaller(request), request.params.name);
      return reply
        .header("content-type", "application/gzip")
        .header("content-length", String(file.size))
        .header("content-disposition", 'attachment; filename="doorstep-data.tar.gz"')
        .header("cache-control", "private, no-store")
        .send(file.stream);
    },
  );
}
