import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_DAYS, SESSION_COOKIE } from "@doorstep/shared/constants";
import type { AccountCaller, ApiKeyCaller, AppContext, Caller, RequestMeta } from "../app-context.ts";
import { API_KEY_RATE_LIMIT } from "../env.ts";
import { AppError } from "../lib/app-error.ts";
import { resolveSession } from "../features/auth/session.service.ts";
import { isApiKeyHeader, resolveApiKey } from "../features/api-keys/api-key.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** The API key the request was made with, on the routes open to keys only (decision 039). */
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Every /api route without it answers 401 to anonymous callers. */
    public?: boolean;
    /**
     * Open to API keys as well as sessions (decision 039). Every other route answers a key 401
     * API_KEY_NOT_ALLOWED. Its handler takes its caller from `requireAccountCaller`.
     */
    apiKeys?: boolean;
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
  app.decorateRequest("apiKey", null);
  const keyLimit = ctx.config.rateLimits.apiKey ?? API_KEY_RATE_LIMIT;
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    // An API key is told apart by its prefix, so a session request pays one string comparison for keys.
    const authorization = request.headers.authorization;
    if (isApiKeyHeader(authorization)) {
      if (request.is404 === true) return;
      // Keys can do nothing but what the routes open to them do: refused before any database read.
      if (request.routeOptions.config?.apiKeys !== true) throw new AppError("API_KEY_NOT_ALLOWED");
      const apiKey = await resolveApiKey(ctx, authorization!.slice("Bearer ".length).trim());
      if (!apiKey) throw new AppError("API_KEY_INVALID");
      await ctx.rateLimiter.consume("api-key", apiKey.apiKeyId, keyLimit);
      // A cookie sent beside a key signs nobody in: the request is the key's alone.
      request.apiKey = apiKey;
      return;
    }
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

/**
 * The caller of a route open to API keys: the signed-in user or the key, each with its account. Only routes
 * whose config says `apiKeys: true` may call it; elsewhere a key never reaches the handler.
 */
export function requireAccountCaller(request: FastifyRequest): AccountCaller {
  if (request.apiKey) {
    if (request.routeOptions.config?.apiKeys !== true) throw new AppError("API_KEY_NOT_ALLOWED");
    return { kind: "api-key", accountId: request.apiKey.accountId, apiKeyId: request.apiKey.apiKeyId, userId: null };
  }
  const caller = requireCaller(request);
  return { kind: "user", accountId: caller.accountId, userId: caller.userId, apiKeyId: null };
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
