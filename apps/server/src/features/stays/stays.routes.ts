import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  CreateStayRequest,
  StayCalendarQuery,
  StayCalendarResponse,
  StayListQuery,
  StayListResponse,
  StayResponse,
  StaySummaryResponse,
  StayTodayResponse,
  UpdateStayRequest,
} from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../../app-context.ts";
import { requireAccountCaller, requireCaller } from "../../plugins/auth.ts";
import { toStayDto } from "./stays.dto.ts";
import { registerStayImportRoutes } from "./stay-import.routes.ts";
import { CreateStayExample, StayExample, UpdateStayExample } from "./stays.openapi.ts";
import { cancelStay, createStay, getStay, updateStay, type Stay } from "./stays.service.ts";
import { recordActivity } from "../audit/audit.service.ts";
import { listStays, staysInRange, staySummary } from "./stay-list.service.ts";
import { getToday } from "../../commands/today.ts";

const tags = ["stays"];
const StayParams = z.object({ stayId: z.uuid() });
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });

// Thin on purpose: each handler takes the account from its caller and calls one service function, so a caller
// other than a signed-in user (an API key, decision 039) is let in by the route's config alone. The five routes
// with `apiKeys: true` are all a key can call.
export function registerStayRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: Parameters<typeof requireCaller>[0]) => requireCaller(request).accountId;
  const keyed = { apiKeys: true } as const;
  const accountOfAny = (request: Parameters<typeof requireAccountCaller>[0]) => requireAccountCaller(request).accountId;
  const stayExample = { 200: StayResponse.meta({ example: { stay: StayExample } }) };
  // Decision 058: stays changed by a person or a key are on the activity log (which stay, which fields).
  const recordStayActivity = (
    actor: { accountId: string; userId: string | null },
    stay: Stay,
    action: "created" | "updated" | "cancelled",
    fields?: string[],
  ) =>
    recordActivity(ctx, actor, {
      kind: "stay",
      property: { id: stay.propertyRowId, propertyId: stay.propertyId },
      details: {
        action,
        stayId: stay.id,
        guest: `${stay.guestFirstName} ${stay.guestLastName}`,
        ...(fields ? { fields } : {}),
        ...(actor.userId === null ? { apiKey: true } : {}),
      },
    });

  app.get(
    "/api/stays",
    {
      config: { ...keyed, permission: "properties:read" },
      schema: {
        tags,
        summary: "The account's stays by tab (upcoming, past, cancelled), filtered by property or guest name",
        querystring: StayListQuery,
        response: { 200: StayListResponse },
      },
    },
    async (request) => {
      const page = await listStays(ctx, accountOfAny(request), request.query, request.caller?.propertyScope);
      return { items: page.items.map(toStayDto), nextCursor: page.nextCursor };
    },
  );

  app.post(
    "/api/stays",
    {
      config: { ...keyed, permission: "properties:write" },
      schema: {
        tags,
        summary: "Add a stay; with a sourceId already held, answers that stay (200) instead of a new one (201)",
        description:
          "A key's stays have the source `api`, a signed-in user's `manual`; each source has its own sourceIds. " +
          "Send the reservation's id as `sourceId` so a retry never adds it twice.",
        body: CreateStayRequest.meta({ example: CreateStayExample }),
        response: { ...stayExample, 201: StayResponse },
      },
    },
    async (request, reply) => {
      const caller = requireAccountCaller(request);
      const source = caller.kind === "api-key" ? "api" : "manual";
      const { stay, created } = await createStay(ctx, caller.accountId, request.body, source);
      if (created) await recordStayActivity(caller, stay, "created");
      return reply.status(created ? 201 : 200).send({ stay: toStayDto(stay) });
    },
  );

  app.get(
    "/api/stays/summary",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "The dashboard's stays tile", response: { 200: StaySummaryResponse } },
    },
    async (request) => staySummary(ctx, accountOf(request), request.caller?.propertyScope),
  );

  app.get(
    "/api/stays/today",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary:
          "Arrivals and departures today and tomorrow, each on its property's own clock, and calendar feeds with errors",
        response: { 200: StayTodayResponse },
      },
    },
    async (request) => getToday(ctx, accountOf(request), request.caller?.propertyScope),
  );

  app.get(
    "/api/stays/:stayId",
    {
      config: { ...keyed, permission: "properties:read" },
      schema: { tags, summary: "One stay", params: StayParams, response: stayExample },
    },
    async (request) => ({ stay: toStayDto(await getStay(ctx, accountOfAny(request), request.params.stayId)) }),
  );

  app.patch(
    "/api/stays/:stayId",
    {
      config: { ...keyed, permission: "properties:write" },
      schema: {
        tags,
        summary: "Change a stay",
        params: StayParams,
        body: UpdateStayRequest.meta({ example: UpdateStayExample }),
        response: stayExample,
      },
    },
    async (request) => {
      const stay = await updateStay(ctx, accountOfAny(request), request.params.stayId, request.body);
      await recordStayActivity(requireAccountCaller(request), stay, "updated", Object.keys(request.body));
      return { stay: toStayDto(stay) };
    },
  );

  app.post(
    "/api/stays/:stayId/cancel",
    {
      config: { ...keyed, permission: "properties:write" },
      schema: {
        tags,
        summary: "Cancel a stay (kept, marked cancelled); cancelling it again changes nothing",
        params: StayParams,
        response: stayExample,
      },
    },
    async (request) => {
      const stay = await cancelStay(ctx, accountOfAny(request), request.params.stayId);
      await recordStayActivity(requireAccountCaller(request), stay, "cancelled");
      return { stay: toStayDto(stay) };
    },
  );

  app.get(
    "/api/properties/:propertyId/stays",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A property's calendar: its stays, cancelled ones too, overlapping the days from…to",
        params: PropertyParams,
        querystring: StayCalendarQuery,
        response: { 200: StayCalendarResponse },
      },
    },
    async (request) => ({
      stays: (await staysInRange(ctx, accountOf(request), request.params.propertyId, request.query)).map(toStayDto),
    }),
  );

  registerStayImportRoutes(app, ctx);
}
