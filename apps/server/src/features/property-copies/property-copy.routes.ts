import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import { DuplicatePropertyRequest, PropertyCopyResponse } from "@doorstep/shared/schemas/property-copies";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { duplicateProperty, retryPropertyCopy } from "../../commands/duplicate-property.ts";
import { getPropertyCopy } from "./property-copy.service.ts";

const tags = ["properties"];
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });
const CopyParams = z.object({ copyId: z.uuid() });

/** Duplicate a guide into a new property, and follow the copy. */
export function registerPropertyCopyRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/properties/:propertyId/duplicate",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags,
        summary: "Make a new property as a copy of this one; its content is copied in the background",
        params: PropertyParams,
        body: DuplicatePropertyRequest,
        response: { 202: PropertyCopyResponse },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        copy: await duplicateProperty(ctx, requireCaller(request), request.params.propertyId, request.body),
      }),
  );
  app.get(
    "/api/property-copies/:copyId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "A copy's progress", params: CopyParams, response: { 200: PropertyCopyResponse } },
    },
    async (request) => ({ copy: await getPropertyCopy(ctx, requireCaller(request), request.params.copyId) }),
  );
  app.post(
    "/api/property-copies/:copyId/retry",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags,
        summary: "Start a failed copy over",
        params: CopyParams,
        response: { 200: PropertyCopyResponse },
      },
    },
    async (request) => ({ copy: await retryPropertyCopy(ctx, requireCaller(request), request.params.copyId) }),
  );
}
