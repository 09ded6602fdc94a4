import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  AttachManyRequest,
  AttachManyResponse,
  AttachResponse,
  SharedContentResponse,
} from "@doorstep/shared/schemas/content";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import {
  attachSharedItem,
  attachSharedItemToMany,
  detachSharedItem,
  ensureSharedContent,
} from "./shared-content.service.ts";

const tags = ["shared content"];
const AttachParams = z.object({ propertyId: text().min(1).max(60), itemId: z.uuid() });

export function registerSharedContentRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/shared-content",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "The account's shared-content property, created on first use (OPEN-59)",
        response: { 200: SharedContentResponse, 201: SharedContentResponse },
      },
    },
    async (request, reply) => {
      const { propertyId, created } = await ensureSharedContent(ctx, requireCaller(request));
      return reply.status(created ? 201 : 200).send({ propertyId });
    },
  );

  app.put(
    "/api/properties/:propertyId/content/shared/:itemId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Attach a shared item, with its sub-items and translations, to a property (SHARED-08, OPEN-46)",
        params: AttachParams,
        response: { 200: AttachResponse },
      },
    },
    async (request) => {
      await attachSharedItem(ctx, requireCaller(request), request.params.propertyId, request.params.itemId);
      return { attached: true };
    },
  );

  app.post(
    "/api/shared-content/items/:itemId/properties",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Attach a shared item to several properties at once: all of them or, if one is not yours, none",
        params: z.object({ itemId: z.uuid() }),
        body: AttachManyRequest,
        response: { 200: AttachManyResponse },
      },
    },
    async (request) => {
      const propertyIds = await attachSharedItemToMany(
        ctx,
        requireCaller(request),
        request.params.itemId,
        request.body.propertyIds,
      );
      return { propertyIds };
    },
  );

  app.delete(
    "/api/properties/:propertyId/content/shared/:itemId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Detach a shared item from a property (SHARED-08)",
        params: AttachParams,
        response: { 200: AttachResponse },
      },
    },
    async (request) => {
      await detachSharedItem(ctx, requireCaller(request), request.params.propertyId, request.params.itemId);
      return { attached: false };
    },
  );
}
