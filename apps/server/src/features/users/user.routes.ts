import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MeResponse, UpdateEmailRequest, UpdateProfileRequest } from "@doorstep/shared/schemas/user";
import type { AppContext } from "../../app-context.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requestMeta, requireCaller, setSessionCookie } from "../../plugins/auth.ts";
import { getUnreadCount } from "../messaging/messaging.service.ts";
import { getSharedContentPropertyId } from "../shared-content/shared-content.service.ts";
import { getUserDto, updateEmail, updatePhoto, updateProfile } from "./user.service.ts";

const tags = ["me"];

export function registerUserRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/me",
    { schema: { tags, summary: "The signed-in user", response: { 200: MeResponse } } },
    async (request) => {
      const caller = requireCaller(request);
      const user = await getUserDto(ctx, caller.userId, getSharedContentPropertyId);
      // AUTH-16, MSG-18: the badge shows only while messaging is active (HOME-16), so only then is it counted.
      const unreadMessageCount = user.messagingActive ? await getUnreadCount(ctx, caller.accountId) : 0;
      return { user, unreadMessageCount };
    },
  );

  app.patch(
    "/api/me",
    {
      schema: {
        tags,
        summary: "Update first name, last name or phone",
        body: UpdateProfileRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updateProfile(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/email",
    { schema: { tags, summary: "Change the login email", body: UpdateEmailRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      const token = await updateEmail(ctx, requireCaller(request), request.body, requestMeta(request));
      if (token) setSessionCookie(reply, token, ctx.config.publicUrl.startsWith("https://"));
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/photo",
    {
      schema: {
        tags,
        summary: "Replace the profile photo (multipart, one image in field `file`)",
        consumes: ["multipart/form-data"],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updatePhoto(ctx, requireCaller(request), await receiveImage(request));
      return reply.status(204).send(null);
    },
  );
}
