import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_DAYS, SESSION_COOKIE } from "@doorstep/shared/constants";
import type { AppContext, Caller, RequestMeta } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { resolveSession } from "../features/auth/session.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Every /api route without it answers 401 to anonymous callers. */
    public?: boolean;
  }
}

/** The session token from the cookie, or from `Authorization: Bearer` for API clients (docs/architecture.md §5). */
export function readToken(request: FastifyRequest): string | null {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return null;
}

/**
 * Resolves the session on every /api request; routes are private by default, so a new route cannot
 * forget to check (the authorization harness test enumerates them).
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("caller", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const token = readToken(request);
    request.caller = token ? await resolveSession(ctx, token) : null;
    if (!request.caller && request.routeOptions.config?.public !== true && request.is404 !== true) {
      throw new AppError("UNAUTHENTICATED");
    }
  });
}

/**
 * Whether a session token still signs someone in: a long-lived response (the live event stream) asks again
 * at each heartbeat, so a logout or a new password ends it. Features ask here rather than import auth.
 */
export async function isSessionLive(ctx: AppContext, token: string): Promise<boolean> {
  return (await resolveSession(ctx, token)) !== null;
}

/** The signed-in caller; private routes always have one (the hook above refused the rest). */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError("UNAUTHENTICATED");
  return request.caller;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const version = request.headers["x-client-version"];
  return {
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    clientVersion: typeof version === "string" ? version.slice(0, 40) : null,
  };
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
