import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UpdateProfileRequest } from "@doorstep/shared/schemas/profile";
import { MeResponse, UpdateEmailRequest } from "@doorstep/shared/schemas/user";
import type { AppContext } from "../../app-context.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requestMeta, requireCaller, setSessionCookie } from "../../plugins/auth.ts";
import { changeEmail } from "../../commands/change-email.ts";
import { getMe } from "../../commands/signed-in-user.ts";
import { updatePhoto, updateProfile } from "./user.service.ts";

const tags = ["me"];

export function registerUserRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/me",
    { config: { permission: "self" }, schema: { tags, summary: "The signed-in user", response: { 200: MeResponse } } },
    async (request) => getMe(ctx, requireCaller(request)),
  );

  app.patch(
    "/api/me",
    {
      config: { permission: "self" },
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
    {
      config: { permission: "self" },
      schema: { tags, summary: "Change the login email", body: UpdateEmailRequest, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const token = await changeEmail(ctx, requireCaller(request), request.body, requestMeta(request));
      if (token) setSessionCookie(reply, token, ctx.config.publicUrl.startsWith("https://"));
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/photo",
    {
      config: { permission: "self" },
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
