import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ConversationListQuery,
  ConversationListResponse,
  ConversationResponse,
  MarkReadRequest,
  MessageResponse,
  ReplyFields,
  UnreadCountResponse,
  UpdateConversationRequest,
} from "@doorstep/shared/schemas/messaging";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { sendStoredFile } from "../../lib/send-stored-file.ts";
import { receiveForm } from "../../lib/streamed-upload.ts";
import { isSessionLive, readToken, requireCaller } from "../../plugins/auth.ts";
import { closeAllEventStreams, listenForMessageEvents, openEventStream } from "./message-events.service.ts";
import {
  findConversations,
  getConversation,
  getHostAttachment,
  getUnreadCount,
  markMessagesRead,
  MESSAGE_UPLOAD,
  replyToConversation,
  setBlocked,
} from "./messaging.service.ts";

const tags = ["messaging"];
const Params = z.object({ conversationId: z.uuid() });
const FileParams = z.object({ fileId: z.uuid() });

/** The host's inbox (MSG-01…20): conversations, messages, replies with files, read marks, blocking. */
export function registerMessagingRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/conversations",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The caller's conversations, latest message first (MSG-03)",
        querystring: ConversationListQuery,
        response: { 200: ConversationListResponse },
      },
    },
    async (request) => findConversations(ctx, requireCaller(request), request.query),
  );

  app.get(
    "/api/conversations/:conversationId",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A conversation with its messages, oldest first (MSG-06)",
        params: Params,
        response: { 200: ConversationResponse },
      },
    },
    async (request) => getConversation(ctx, requireCaller(request), request.params.conversationId),
  );

  app.patch(
    "/api/conversations/:conversationId",
    {
      config: { permission: "messages:reply" },
      schema: {
        tags,
        summary: "Block or unblock the guest",
        params: Params,
        body: UpdateConversationRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setBlocked(ctx, requireCaller(request), request.params.conversationId, request.body.blocked);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/conversations/:conversationId/read",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Mark the inbound messages shown as read (MSG-10); answers the unread count",
        params: Params,
        body: MarkReadRequest,
        response: { 200: UnreadCountResponse },
      },
    },
    async (request) => ({
      unreadMessageCount: await markMessagesRead(
        ctx,
        requireCaller(request),
        request.params.conversationId,
        request.body.messageIds,
      ),
    }),
  );

  app.post(
    "/api/conversations/:conversationId/messages",
    {
      config: { permission: "messages:reply" },
      schema: {
        tags,
        summary: "Reply with text and up to 10 files in the field `files` (MSG-09, MSG-11, MSG-13)",
        consumes: ["multipart/form-data"],
        params: Params,
        response: { 201: MessageResponse },
      },
    },
    async (request, reply) => {
      const message = await replyToConversation(
        ctx,
        requireCaller(request),
        request.params.conversationId,
        async () => {
          const form = await receiveForm(request, {
            ...MESSAGE_UPLOAD,
            sayTooManyFiles: true,
          });
          const fields = ReplyFields.safeParse(form.fields);
          // The reply's one rule (ReplyFields): its text within the length, else the empty reply's message.
          if (!fields.success) throw new AppError("REPLY_EMPTY", undefined, { at: ["text"] });
          return { text: fields.data.text, files: form.files };
        },
      );
      return reply.status(201).send({ message });
    },
  );

  // Streams are held open: a graceful stop closes them first, or it would wait on them.
  parent.addHook("preClose", async () => closeAllEventStreams(ctx));

  app.get(
    "/api/events",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary:
          "Server-sent events for the signed-in user (MSG-15): `unread-count` on connect and on change, `new-message`",
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const token = readToken(request);
      await listenForMessageEvents(ctx);
      const unreadMessageCount = await getUnreadCount(ctx, caller.accountId, caller.propertyScope);
      reply.hijack();
      openEventStream(
        ctx,
        reply.raw,
        {
          kind: "host",
          accountId: caller.accountId,
          sessionId: caller.sessionId,
          propertyScope: caller.propertyScope,
        },
        // A (re)connection starts from the state now: events missed while away are not replayed, the count is.
        { event: "unread-count", data: { unreadMessageCount } },
        // A session ended by logout, a new password or expiry closes its streams at the next heartbeat.
        async () => token !== null && (await isSessionLive(ctx, token)),
        {
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        },
      );
    },
  );

  app.get(
    "/api/messages/unread-count",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "Inbound messages not yet read (MSG-18)", response: { 200: UnreadCountResponse } },
    },
    async (request) => ({ unreadMessageCount: await getUnreadCount(ctx, requireCaller(request).accountId) }),
  );

  app.get(
    "/api/message-files/:fileId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "An attachment of one of the caller's conversations", params: FileParams },
    },
    async (request, reply) => {
      const file = await getHostAttachment(ctx, requireCaller(request), request.params.fileId);
      return sendStoredFile(ctx, request, reply, file.storageKey, { cache: "private", downloadName: file.fileName });
    },
  );
}
