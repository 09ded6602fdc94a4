import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  CreateStayFeedRequest,
  StayFeedDetailResponse,
  StayFeedListResponse,
  StayFeedParams,
  StayFeedResponse,
  UpdateStayFeedRequest,
} from "@doorstep/shared/schemas/stay-feeds";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { toStayFeedDto } from "./stay-feeds.dto.ts";
import { syncStayFeedNow } from "./stay-feed-sync.service.ts";
import { addStayFeed, getStayFeed, listStayFeeds, removeStayFeed, updateStayFeed } from "./stay-feeds.service.ts";

const tags = ["stay-feeds"];
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });

/** A property's calendar (iCal) feeds (decision 041): signed-in users of the account only, never API keys. */
export function registerStayFeedRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: Parameters<typeof requireCaller>[0]) => requireCaller(request).accountId;

  app.get(
    "/api/properties/:propertyId/stay-feeds",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A property's calendar feeds with each one's last sync",
        params: PropertyParams,
        response: { 200: StayFeedListResponse },
      },
    },
    async (request) => ({
      items: (await listStayFeeds(ctx, accountOf(request), request.params.propertyId)).map(toStayFeedDto),
    }),
  );

  app.post(
    "/api/properties/:propertyId/stay-feeds",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Add a calendar (iCal) feed; it is polled at once, then every STAY_FEED_POLL_MINUTES",
        params: PropertyParams,
        body: CreateStayFeedRequest,
        response: { 201: StayFeedResponse },
      },
    },
    async (request, reply) => {
      const feed = await addStayFeed(ctx, accountOf(request), request.params.propertyId, request.body);
      return reply.status(201).send({ feed: toStayFeedDto(feed) });
    },
  );

  app.get(
    "/api/stay-feeds/:feedId",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "One feed with its whole (secret) link, for editing",
        params: StayFeedParams,
        response: { 200: StayFeedDetailResponse },
      },
    },
    async (request, reply) => {
      const { feed, url } = await getStayFeed(ctx, accountOf(request), request.params.feedId);
      return reply.header("Cache-Control", "no-store").send({ feed: toStayFeedDto(feed), url });
    },
  );

  app.patch(
    "/api/stay-feeds/:feedId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Change a feed's link or channel name; a new link is polled at once",
        params: StayFeedParams,
        body: UpdateStayFeedRequest,
        response: { 200: StayFeedResponse },
      },
    },
    async (request) => ({
      feed: toStayFeedDto(await updateStayFeed(ctx, accountOf(request), request.params.feedId, request.body)),
    }),
  );

  app.delete(
    "/api/stay-feeds/:feedId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Remove a feed; the stays it made are kept and no longer synced",
        params: StayFeedParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeStayFeed(ctx, accountOf(request), request.params.feedId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/stay-feeds/:feedId/sync",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Sync a feed now and answer its new status",
        params: StayFeedParams,
        response: { 200: StayFeedResponse },
      },
    },
    async (request) => ({
      feed: toStayFeedDto(await syncStayFeedNow(ctx, accountOf(request), request.params.feedId)),
    }),
  );
}
