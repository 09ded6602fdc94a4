import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MeResponse, UpdateEmailRequest, UpdatePasswordRequest, UpdateProfileRequest } from "@doorstep/shared/schemas/user";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { getUserDto, updateEmail, updatePassword, updatePhoto, updateProfile } from "./user.service.ts";

const tags = ["me"];

export function registerUserRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get("/api/me", { schema: { tags, summary: "The signed-in user", response: { 200: MeResponse } } }, async (request) => {
    const caller = requireCaller(request);
    // Messaging arrives with its own issue; until then nobody has unread messages.
    return { user: await getUserDto(ctx, caller.userId), unreadMessageCount: 0 };
  });

  app.patch(
    "/api/me",
    { schema: { tags, summary: "Update first name, last name or phone", body: UpdateProfileRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await updateProfile(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/email",
    { schema: { tags, summary: "Change the login email", body: UpdateEmailRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await updateEmail(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/password",
    { schema: { tags, summary: "Change the password", body: UpdatePasswordRequest, response: { 204: z.null() } } },
    async (request, reply) => {
      await updatePassword(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/me/photo",
    { schema: { tags, summary: "Replace the profile photo (multipart, one image in field `file`)", consumes: ["multipart/form-data"], response: { 204: z.null() } } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const files = [];
      for await (const part of request.parts()) {
        if (part.type !== "file") continue;
        if (part.fieldname !== "file" || files.length > 0) {
          throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
        }
        files.push(await part.toBuffer());
      }
      if (files.length !== 1) throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
      await updatePhoto(ctx, caller, files[0]!);
      return reply.status(204).send(null);
    },
  );
}
