import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import { AppError } from "../lib/app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a browser says the request came from: Origin, else Referer's origin; null when neither is sent. */
function sourceOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "") return origin;
  const referer = request.headers.referer;
  if (typeof referer === "string" && referer !== "") {
    try {
      return new URL(referer).origin;
    } catch {
      return "null";
    }
  }
  return null;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * CSRF (decision 011). A state-changing request (any method but GET, HEAD, OPTIONS) is refused with 403 when
 * - it names an origin (Origin, else Referer) that is neither PUBLIC_URL's nor the request's own host — whether
 *   or not it carries a cookie, so a foreign page can neither write with the victim's session nor plant one
 *   (login, sign-up, the guide's passcode unlock); or
 * - it carries the session cookie but names no origin at all (every current browser sends Origin on such
 *   requests, so this is not a browser acting for the user).
 * A request with `Authorization: Bearer` and no Cookie header is an API client, exempt: no browser attaches it
 * by itself. Same-origin guide posts (visits, unlock) name the guide's own host, on GUIDE_HOST too.
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const cookieHeader = request.headers.cookie ?? "";
    if (cookieHeader === "" && request.headers.authorization?.startsWith("Bearer ")) return;
    const source = sourceOrigin(request);
    if (source === null) {
      if (request.cookies[SESSION_COOKIE]) {
        throw new AppError("ORIGIN_MISSING");
      }
      return;
    }
    if (source === publicOrigin || hostOf(source) === request.host) return;
    throw new AppError("CROSS_SITE_REQUEST");
  });
}
