import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  CreateManagerRequest,
  ManagerListQuery,
  ManagerListResponse,
  ManagerResponse,
  UpdateManagerRequest,
} from "@doorstep/shared/schemas/manager";
import type { AppContext } from "../../app-context.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requireCaller } from "../../plugins/auth.ts";
import {
  deleteManagerMovingProperties,
  getManagerWithProperties,
  listManagersWithCounts,
} from "../../commands/manager-properties.ts";
import { createManager, deleteManagerPhoto, replaceManagerPhoto, updateManager } from "./manager.service.ts";

const tags = ["managers"];
/** ManagerVanityID: 8 digits (MGR-06, XCUT-52). */
const ManagerParams = z.object({ vanityId: text().regex(/^\d{8}$/) });

export function registerManagerRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/managers",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A page of the account's property managers, default first, with property counts",
        querystring: ManagerListQuery,
        response: { 200: ManagerListResponse },
      },
    },
    async (request) => listManagersWithCounts(ctx, requireCaller(request), request.query),
  );

  app.post(
    "/api/managers",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Create a property manager",
        body: CreateManagerRequest,
        response: { 201: ManagerResponse },
      },
    },
    async (request, reply) => {
      const manager = await createManager(ctx, requireCaller(request), request.body);
      return reply.status(201).send({ manager });
    },
  );

  app.get(
    "/api/managers/:vanityId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "One property manager", params: ManagerParams, response: { 200: ManagerResponse } },
    },
    async (request) => ({
      manager: await getManagerWithProperties(ctx, requireCaller(request), request.params.vanityId),
    }),
  );

  app.patch(
    "/api/managers/:vanityId",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Update name, email, phone or message link",
        params: ManagerParams,
        body: UpdateManagerRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updateManager(ctx, requireCaller(request), request.params.vanityId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/managers/:vanityId",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Delete a manager; its properties move to the default manager",
        params: ManagerParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteManagerMovingProperties(ctx, requireCaller(request), request.params.vanityId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/managers/:vanityId/photo",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Replace the manager's photo (multipart, one image in field `file`)",
        consumes: ["multipart/form-data"],
        params: ManagerParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await replaceManagerPhoto(ctx, requireCaller(request), request.params.vanityId, () => receiveImage(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/managers/:vanityId/photo",
    {
      config: { permission: "settings:write" },
      schema: { tags, summary: "Remove the manager's photo", params: ManagerParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteManagerPhoto(ctx, requireCaller(request), request.params.vanityId);
      return reply.status(204).send(null);
    },
  );
}
