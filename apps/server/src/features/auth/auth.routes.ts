import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateAccountRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginTokenRequest,
  ResetPasswordRequest,
  SessionResponse,
} from "@doorstep/shared/schemas/auth";
import { CreateAffiliateAccountRequest } from "@doorstep/shared/schemas/affiliates";
import type { AppContext } from "../../app-context.ts";
import { clearSessionCookie, requestMeta, requireCaller, setSessionCookie } from "../../plugins/auth.ts";
import { UpdatePasswordRequest } from "@doorstep/shared/schemas/user";
import { getSignedInUser } from "../../commands/signed-in-user.ts";
import { changePassword, exchangeLoginToken, login, requestPasswordReset, resetPassword } from "./auth.service.ts";
import { signUp } from "../../commands/sign-up.ts";
import { endSession } from "./session.service.ts";

const tags = ["auth"];
const publicRoute = { public: true } as const;

export function registerAuthRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith("https://");

  app.post(
    "/api/auth/sign-up",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Create an account in trial and sign in",
        body: CreateAccountRequest,
        response: { 201: SessionResponse },
      },
    },
    async (request, reply) => {
      const { userId, token } = await signUp(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return reply.status(201).send({ user: await getSignedInUser(ctx, userId), appVersion: ctx.config.appVersion });
    },
  );

  // AFF-02…04, OPEN-27: the same checks and tracking fields as sign-up; the affiliate is signed in.
  app.post(
    "/api/auth/create-affiliate-account",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Create an affiliate account and sign in",
        body: CreateAffiliateAccountRequest,
        response: { 201: SessionResponse },
      },
    },
    async (request, reply) => {
      const { userId, token } = await signUp(ctx, request.body, requestMeta(request), "affiliate");
      setSessionCookie(reply, token, secure);
      return reply.status(201).send({ user: await getSignedInUser(ctx, userId), appVersion: ctx.config.appVersion });
    },
  );

  app.post(
    "/api/auth/login",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Log in with email and password",
        body: LoginRequest,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const { userId, token } = await login(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return {
        user: await getSignedInUser(ctx, userId),
        appVersion: ctx.config.appVersion,
        ...(request.body.issueToken ? { token } : {}),
      };
    },
  );

  app.post(
    "/api/auth/login-token",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Exchange a single-use login_token for a session",
        body: LoginTokenRequest,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      const { userId, token } = await exchangeLoginToken(ctx, request.body.token, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return { user: await getSignedInUser(ctx, userId), appVersion: ctx.config.appVersion };
    },
  );

  app.post(
    "/api/auth/logout",
    { config: publicRoute, schema: { tags, summary: "End the current session", response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.caller) await endSession(ctx, request.caller.sessionId);
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Email a password reset link",
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, requestMeta(request));
      return { userFound: true as const };
    },
  );

  app.post(
    "/api/auth/reset-password",
    {
      config: publicRoute,
      schema: {
        tags,
        summary: "Set a new password from a reset link",
        body: ResetPasswordRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  // The signed-in user's own password: under /api/me with the profile, kept here with the rest of sign-in.
  app.put(
    "/api/me/password",
    {
      config: { permission: "self" },
      schema: {
        tags: ["me"],
        summary: "Change the password",
        body: UpdatePasswordRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const token = await changePassword(ctx, requireCaller(request), request.body, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return reply.status(204).send(null);
    },
  );
}
