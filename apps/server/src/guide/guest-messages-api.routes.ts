import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  GuestThreadResponse,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
} from "@doorstep/shared/schemas/messaging";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import {
  getGuestAttachment,
  getGuestThread,
  guestStreamKey,
  stayStreamKey,
  subscribeGuestToPush,
  unsubscribeGuestFromPush,
} from "../features/messaging/guest-messages.service.ts";
import { listenForMessageEvents, openEventStream } from "../features/messaging/message-events.service.ts";
import { sendStoredFile } from "../lib/send-stored-file.ts";
import { guestCookieName } from "./guide-access.ts";
import { securityHeaders } from "./guide-render.tsx";
import { STAY_PAGE_HEADERS } from "./stay-guide.routes.ts";
import { AppError } from "../lib/app-error.ts";
import { guestGuideAccess, guestIdOf, openGuestGuide, stayGuestGuideAccess } from "./guest-messages.ts";

const Params = z.object({ propertyId: text().min(1).max(60) });
const FileParams = Params.extend({ fileId: z.uuid() });
const StayParams = z.object({ token: text().min(1).max(100) });

/**
 * What the guest's messages page's script and browser use beside the page (GUIDE-19, IMPL-07/08): the thread
 * as JSON, its live replies as server-sent events, Web Push on and off, and the thread's files. Each answers
 * 404 for a guide the guest may not use (unknown, not live, or locked in this browser).
 */
export function registerGuestMessageApiRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/guide/:propertyId/messages",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "The guest's own thread on this guide (GUIDE-19); empty until they write",
        params: Params,
        response: { 200: GuestThreadResponse },
      },
    },
    async (request, reply) => {
      const found = await openGuestGuide(ctx, request, request.params.propertyId);
      reply.header("Cache-Control", "private, no-store");
      return getGuestThread(ctx, found.guide, guestIdOf(ctx, request));
    },
  );

  app.get(
    "/api/guide/:propertyId/messages/events",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Server-sent events of the guest's own thread: `new-message` with each reply of the host",
        params: Params,
      },
    },
    async (request, reply) => {
      const { propertyId } = request.params;
      const found = await openGuestGuide(ctx, request, propertyId);
      const identity = guestIdOf(ctx, request);
      // No conversation yet, nothing to hear: 204 tells EventSource not to reconnect.
      if (!identity) return reply.status(204).header("Cache-Control", "no-store").send();
      await listenForMessageEvents(ctx);
      reply.hijack();
      openEventStream(
        ctx,
        reply.raw,
        { kind: "guest", guestKey: guestStreamKey(found.guide, identity) },
        null,
        // A new passcode, unpublishing or switching messages off ends the stream at the next heartbeat.
        async () => {
          const now = await guestGuideAccess(ctx, propertyId, request.cookies[guestCookieName(propertyId)]);
          return now.status === "ok" && now.guide.inboundMessagingActive;
        },
        securityHeaders(null),
      );
    },
  );

  /** The guide of a stay link whose messages the guest may use; 404 otherwise (decision 050). */
  async function openStayGuide(request: FastifyRequest, token: string) {
    const found = await stayGuestGuideAccess(ctx, token, request.ip);
    if (found.access.status !== "ok") throw new AppError("GUIDE_NOT_FOUND");
    return found.access;
  }

  app.get(
    "/s/:token/messages/thread",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "A stay link's conversation (decision 050): the guest's messages and the stay's scheduled ones",
        params: StayParams,
        response: { 200: GuestThreadResponse },
      },
    },
    async (request, reply) => {
      const found = await openStayGuide(request, request.params.token);
      reply.header("Cache-Control", "private, no-store");
      Object.entries(STAY_PAGE_HEADERS).forEach(([name, value]) => reply.header(name, value));
      return getGuestThread(ctx, found.guide, guestIdOf(ctx, request));
    },
  );

  app.get(
    "/s/:token/messages/events",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Server-sent events of a stay link's conversation: `new-message` with each message to the guest",
        params: StayParams,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const found = await openStayGuide(request, token);
      const guestKey = await stayStreamKey(ctx, found.guide);
      // No conversation yet, nothing to hear: 204 (the page's minute look and its next message open it again).
      if (!guestKey) return reply.status(204).header("Cache-Control", "no-store").send();
      await listenForMessageEvents(ctx);
      reply.hijack();
      openEventStream(
        ctx,
        reply.raw,
        { kind: "guest", guestKey },
        null,
        // A new stay link, a cancelled stay or messages switched off ends the stream at the next heartbeat.
        async () => {
          const now = await stayGuestGuideAccess(ctx, token, request.ip);
          return now.access.status === "ok" && now.access.guide.inboundMessagingActive;
        },
        { ...securityHeaders(null), "X-Robots-Tag": STAY_PAGE_HEADERS["X-Robots-Tag"] },
      );
    },
  );

  app.post(
    "/api/guide/:propertyId/messages/push",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Tell this browser of the host's replies by Web Push (IMPL-08); only after the guest has written",
        params: Params,
        body: PushSubscriptionRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const found = await openGuestGuide(ctx, request, request.params.propertyId);
      await subscribeGuestToPush(ctx, found.guide, guestIdOf(ctx, request), request.body);
      return reply.status(204).header("Cache-Control", "no-store").send(null);
    },
  );

  app.delete(
    "/api/guide/:propertyId/messages/push",
    {
      config: { public: true },
      schema: {
        tags: ["guide"],
        summary: "Stop telling this browser of replies",
        params: Params,
        body: PushUnsubscribeRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const found = await openGuestGuide(ctx, request, request.params.propertyId);
      await unsubscribeGuestFromPush(ctx, found.guide, guestIdOf(ctx, request), request.body.endpoint);
      return reply.status(204).header("Cache-Control", "no-store").send(null);
    },
  );

  app.get(
    "/g/:propertyId/messages/files/:fileId",
    { config: { public: true }, schema: { hide: true, params: FileParams } },
    async (request, reply) => {
      const { propertyId, fileId } = request.params;
      const found = await openGuestGuide(ctx, request, propertyId, "GUIDE_FILE_NOT_FOUND");
      const file = await getGuestAttachment(ctx, found.guide, guestIdOf(ctx, request), fileId);
      return sendStoredFile(ctx, request, reply, file.storageKey, { cache: "private", downloadName: file.fileName });
    },
  );
}
