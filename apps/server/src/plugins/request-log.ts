import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";

/** Query parameters that carry a live credential or an address: never written to the request log. */
export const SECRET_QUERY_PARAMS = ["otp_token", "login_token", "reset_email"] as const;

/** The URL with the values of SECRET_QUERY_PARAMS replaced by "[REDACTED]"; everything else as sent. */
export function redactUrl(url: string): string {
  url = redactStayToken(url);
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed escape: compare the raw name.
      }
      return (SECRET_QUERY_PARAMS as readonly string[]).includes(name) ? `${rawName}=[REDACTED]` : pair;
    })
    .join("&");
  return `${url.slice(0, queryAt)}?${query}`;
}

const STAY_PATH = /^\/(s|unsubscribe|api\/stay-guide|api\/stay-store)\/([^/?#]+)/;

/**
 * A stay link's path carries its key (decision 042): the log gets a short hash of the token instead, enough to
 * tell one link's requests together and never enough to open it.
 */
function redactStayToken(url: string): string {
  return url.replace(
    STAY_PATH,
    (_all, prefix: string, token: string) =>
      `/${prefix}/~${createHash("sha256").update(token).digest("base64url").slice(0, 12)}`,
  );
}

/** Guests' requests: the guide, a stay's link, the QR redirect and what the guide reports (visits, sections). */
const GUEST_PATH = /^\/(g|s|q|unsubscribe|api\/guide|api\/stay-guide|api\/stay-store)\//;

/**
 * Fastify's default request serializer with the URL redacted: SPA loads of reset and auto-login links
 * (/reset-password?otp_token=…&reset_email=…, /?login_token=…) would otherwise put live tokens in the log.
 * Guests' requests are logged without their address: the analytics promise guests that no IP is recorded.
 */
export function serializeRequest(request: FastifyRequest) {
  const guest = GUEST_PATH.test(request.url);
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: guest ? undefined : request.ip,
    remotePort: guest ? undefined : request.socket?.remotePort,
  };
}
