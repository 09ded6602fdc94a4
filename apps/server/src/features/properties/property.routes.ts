import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  CheckWeblinkRequest,
  CheckWeblinkResponse,
  CreatePropertyRequest,
  PropertyIdsQuery,
  PropertyIdsResponse,
  PropertyListQuery,
  PropertyListResponse,
  PropertyResponse,
  SetPasscodeRequest,
  UpdatePropertyRequest,
} from "@doorstep/shared/schemas/property";
import type { AppContext } from "../../app-context.ts";
import { guideUrl, qrTarget } from "../../lib/urls.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { createBilledProperty } from "../../commands/create-property.ts";
import { deleteBilledProperty } from "../../commands/delete-property.ts";
import { updatePropertyAndStays } from "../../commands/update-property.ts";
import {
  getOwnedGuideProperty,
  getOwnedProperty,
  getPropertyDto,
  isWeblinkAvailable,
  removeCoverImage,
  setCoverImage,
  setPasscode,
} from "./property.service.ts";
import { findProperties, findPropertyIds } from "./property-list.service.ts";
import { registerPosterRoutes } from "./poster.routes.ts";
import { qrPng, qrSvg } from "../../lib/qr.ts";

const tags = ["properties"];
const Params = z.object({ propertyId: text().min(1).max(60) });
const NoContent = { 204: z.null() };

export function registerPropertyRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/properties",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The caller's properties, most recently modified first",
        querystring: PropertyListQuery,
        response: { 200: PropertyListResponse },
      },
    },
    async (request) => findProperties(ctx, requireCaller(request), request.query),
  );

  app.get(
    "/api/property-ids",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The weblink ids of every property matching a search, for selecting them all",
        querystring: PropertyIdsQuery,
        response: { 200: PropertyIdsResponse },
      },
    },
    async (request) => findPropertyIds(ctx, requireCaller(request), request.query),
  );

  app.post(
    "/api/properties/weblink-check",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Is this weblink free? (PROP-10)",
        body: CheckWeblinkRequest,
        response: { 200: CheckWeblinkResponse },
      },
    },
    async (request) => {
      requireCaller(request);
      return { available: await isWeblinkAvailable(ctx, request.body.propertyId) };
    },
  );

  app.post(
    "/api/properties",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags,
        summary: "Create a property (PROP-12)",
        body: CreatePropertyRequest,
        response: { 201: PropertyResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ property: await createBilledProperty(ctx, requireCaller(request), request.body) }),
  );

  app.get(
    "/api/properties/:propertyId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "One property", params: Params, response: { 200: PropertyResponse } },
    },
    async (request) => ({ property: await getPropertyDto(ctx, requireCaller(request), request.params.propertyId) }),
  );

  app.patch(
    "/api/properties/:propertyId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Update owner-editable fields (SETUP-04)",
        params: Params,
        body: UpdatePropertyRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await updatePropertyAndStays(ctx, requireCaller(request), request.params.propertyId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/properties/:propertyId",
    {
      config: { permission: "properties:manage" },
      schema: { tags, summary: "Delete (archive) a property (PROP-27, OPEN-39)", params: Params, response: NoContent },
    },
    async (request, reply) => {
      await deleteBilledProperty(ctx, requireCaller(request), request.params.propertyId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/properties/:propertyId/passcode",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Set or remove the guide passcode (PROP-24/25)",
        params: Params,
        body: SetPasscodeRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await setPasscode(ctx, requireCaller(request), request.params.propertyId, request.body.passcode);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/properties/:propertyId/cover",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Replace the cover image (multipart, field `file`)",
        params: Params,
        consumes: ["multipart/form-data"],
        response: NoContent,
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      await getOwnedGuideProperty(ctx, caller, request.params.propertyId); // ownership before reading the upload
      await setCoverImage(ctx, caller, request.params.propertyId, await receiveImage(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/properties/:propertyId/cover",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Remove the cover image", params: Params, response: NoContent },
    },
    async (request, reply) => {
      await removeCoverImage(ctx, requireCaller(request), request.params.propertyId);
      return reply.status(204).send(null);
    },
  );

  const download = (filename: string) => `attachment; filename="${filename}"`;

  app.get(
    "/api/properties/:propertyId/qr.png",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "QR code PNG encoding the stable /q/ address (PROP-23)",
        params: Params,
        querystring: z.object({ size: z.coerce.number().int().min(128).max(4096).optional() }),
      },
    },
    async (request, reply) => {
      const property = await getOwnedProperty(ctx, requireCaller(request), request.params.propertyId);
      const png = await qrPng(qrTarget(ctx, property.propertyId), request.query.size);
      return reply
        .type("image/png")
        .header("Content-Disposition", download(`${property.propertyId}-qr.png`))
        .header("Cache-Control", "private, max-age=3600")
        .send(png);
    },
  );

  app.get(
    "/api/properties/:propertyId/qr.svg",
    { config: { permission: "properties:read" }, schema: { tags, summary: "QR code SVG", params: Params } },
    async (request, reply) => {
      const property = await getOwnedProperty(ctx, requireCaller(request), request.params.propertyId);
      const svg = await qrSvg(qrTarget(ctx, property.propertyId));
      return reply
        .type("image/svg+xml")
        .header("Content-Disposition", download(`${property.propertyId}-qr.svg`))
        .header("Cache-Control", "private, max-age=3600")
        .send(svg);
    },
  );

  registerPosterRoutes(parent, ctx);

  // Printed QR codes point here for ever; the guide's own address may change (docs/architecture.md §1).
  app.get(
    "/q/:propertyId",
    { config: { public: true }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const id = encodeURIComponent(request.params.propertyId);
      // On the guide host the guide lives at another origin; otherwise stay relative to this one.
      const target = ctx.config.guide.host ? guideUrl(ctx, id) : `/g/${id}`;
      return reply.redirect(`${target}?utm_source=qr-code`, 302);
    },
  );
}
