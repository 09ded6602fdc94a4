import type { FastifyRequest } from "fastify";

/** Query parameters that carry a live credential or an address: never written to the request log. */
export const SECRET_QUERY_PARAMS = ["otp_token", "login_token", "reset_email"] as const;

/** The URL with the values of SECRET_QUERY_PARAMS replaced by "[REDACTED]"; everything else as sent. */
export function redactUrl(url: string): string {
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

/**
 * Fastify's default request serializer with the URL redacted: SPA loads of reset and auto-login links
 * (/reset-password?otp_token=…&reset_email=…, /?login_token=…) would otherwise put live tokens in the log.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
