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
  UpdateStayRequest,
} from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { toStayDto } from "./stays.dto.ts";
import { cancelStay, createStay, getStay, updateStay } from "./stays.service.ts";
import { listStays, staysInRange, staySummary } from "./stay-list.service.ts";

const tags = ["stays"];
const StayParams = z.object({ stayId: z.uuid() });
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });

// Thin on purpose: each handler takes the account from its caller and calls one service function, so a caller
// other than a signed-in user (an API key) can be let in by the route's guard alone.
export function registerStayRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: Parameters<typeof requireCaller>[0]) => requireCaller(request).accountId;

  app.get(
    "/api/stays",
    {
      schema: {
        tags,
        summary: "The account's stays by tab (upcoming, past, cancelled), filtered by property or guest name",
        querystring: StayListQuery,
        response: { 200: StayListResponse },
      },
    },
    async (request) => {
      const page = await listStays(ctx, accountOf(request), request.query);
      return { items: page.items.map(toStayDto), nextCursor: page.nextCursor };
    },
  );

  app.post(
    "/api/stays",
    {
      schema: {
        tags,
        summary: "Add a stay; with a sourceId already held, answers that stay (200) instead of a new one (201)",
        body: CreateStayRequest,
        response: { 200: StayResponse, 201: StayResponse },
      },
    },
    async (request, reply) => {
      const { stay, created } = await createStay(ctx, accountOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ stay: toStayDto(stay) });
    },
  );

  app.get(
    "/api/stays/summary",
    { schema: { tags, summary: "The dashboard's stays tile", response: { 200: StaySummaryResponse } } },
    async (request) => staySummary(ctx, accountOf(request)),
  );

  app.get(
    "/api/stays/:stayId",
    { schema: { tags, summary: "One stay", params: StayParams, response: { 200: StayResponse } } },
    async (request) => ({ stay: toStayDto(await getStay(ctx, accountOf(request), request.params.stayId)) }),
  );

  app.patch(
    "/api/stays/:stayId",
    {
      schema: {
        tags,
        summary: "Change a stay",
        params: StayParams,
        body: UpdateStayRequest,
        response: { 200: StayResponse },
      },
    },
    async (request) => ({
      stay: toStayDto(await updateStay(ctx, accountOf(request), request.params.stayId, request.body)),
    }),
  );

  app.post(
    "/api/stays/:stayId/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a stay (kept, marked cancelled)",
        params: StayParams,
        response: { 200: StayResponse },
      },
    },
    async (request) => ({ stay: toStayDto(await cancelStay(ctx, accountOf(request), request.params.stayId)) }),
  );

  app.get(
    "/api/properties/:propertyId/stays",
    {
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
}
