import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SendStayLinkResponse,
  StayLinkResponse,
  StayLinkSettingsResponse,
  UpdateStayLinkSettingsRequest,
  type StayLinkDto,
} from "@doorstep/shared/schemas/stay-links";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { qrPng } from "../../lib/qr.ts";
import {
  getStayLink,
  getStayLinkSettings,
  releaseStayDetails,
  replaceStayLink,
  sendStayLink,
  updateStayLinkSettings,
  type StayLink,
} from "./stay-links.service.ts";

const tags = ["stays"];
const StayParams = z.object({ stayId: z.uuid() });

/** A stay's guest link: the address a guest opens, its QR code, "New link", "Send to guest", "Show details now". */
export function registerStayLinkRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: Parameters<typeof requireCaller>[0]) => requireCaller(request).accountId;
  const urlOf = (token: string) => `${ctx.config.publicUrl}/s/${token}`;
  const dto = (link: StayLink): StayLinkDto => ({
    url: urlOf(link.token),
    openedCount: link.openedCount,
    firstOpenedAt: link.firstOpenedAt?.toISOString() ?? null,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    releasedAt: link.releasedAt?.toISOString() ?? null,
    revealAt: link.revealAt.toISOString(),
    endAt: link.endAt.toISOString(),
    active: link.active,
  });
  // The answers carry a key to the stay's details: never stored by a cache.
  const noStore = { "Cache-Control": "private, no-store" };

  app.get(
    "/api/stays/:stayId/link",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The stay's guest link (made on first read)",
        params: StayParams,
        response: { 200: StayLinkResponse },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(dto(await getStayLink(ctx, accountOf(request), request.params.stayId))),
  );

  app.post(
    "/api/stays/:stayId/link",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "A new guest link: the old one stops working at once",
        params: StayParams,
        response: { 200: StayLinkResponse },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(dto(await replaceStayLink(ctx, accountOf(request), request.params.stayId))),
  );

  app.post(
    "/api/stays/:stayId/link/send",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Email the guest link to the stay's guest, in the stay's language",
        params: StayParams,
        response: { 200: SendStayLinkResponse },
      },
    },
    async (request) => sendStayLink(ctx, accountOf(request), request.params.stayId, urlOf),
  );

  app.get(
    "/api/stays/:stayId/link/qr.png",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "The guest link's QR code (PNG)", params: StayParams },
    },
    async (request, reply) => {
      const link = await getStayLink(ctx, accountOf(request), request.params.stayId);
      return reply
        .type("image/png")
        .header("Content-Disposition", `attachment; filename="stay-link-qr.png"`)
        .headers(noStore)
        .send(await qrPng(urlOf(link.token)));
    },
  );

  app.post(
    "/api/stays/:stayId/release",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Show details now: the stay's details appear on its link at once",
        params: StayParams,
        response: { 200: StayLinkResponse },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(dto(await releaseStayDetails(ctx, accountOf(request), request.params.stayId))),
  );

  app.get(
    "/api/stay-link-settings",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "When stay details appear and vanish", response: { 200: StayLinkSettingsResponse } },
    },
    async (request) => getStayLinkSettings(ctx, accountOf(request)),
  );

  app.put(
    "/api/stay-link-settings",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Choose when stay details appear and vanish",
        body: UpdateStayLinkSettingsRequest,
        response: { 200: StayLinkSettingsResponse },
      },
    },
    async (request) => updateStayLinkSettings(ctx, accountOf(request), request.body),
  );
}
