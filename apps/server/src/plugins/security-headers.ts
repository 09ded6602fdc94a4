import type { FastifyInstance } from "fastify";

/** The API's answer is data, never a page: nothing loads from it and nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response (decision 011). Routes that render pages set their own policy (the guide,
 * the dashboard, uploaded files, the docs UI); any response without one gets a default here: an HTML page
 * (receipts) the dashboard's policy, scripts none, everything else (JSON, SVG, PDF, errors) the API's.
 */
export function registerSecurityHeaders(app: FastifyInstance, dashboardCsp: string): void {
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("x-content-type-options")) reply.header("X-Content-Type-Options", "nosniff");
    if (!reply.hasHeader("referrer-policy")) reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    const type = String(reply.getHeader("content-type") ?? "");
    // A script's own CSP binds it only when it runs as a worker, and then it is the worker's whole policy:
    // `default-src 'none'` would stop the guide's service worker fetching anything. Scripts are left alone.
    if (!reply.hasHeader("content-security-policy") && !type.includes("javascript")) {
      reply.header("Content-Security-Policy", type.startsWith("text/html") ? dashboardCsp : API_CSP);
    }
    if (!reply.hasHeader("x-frame-options")) reply.header("X-Frame-Options", "DENY");
    return payload;
  });
}

/**
 * The docs UI's policy: @fastify/swagger-ui's own (its inline script and style hashes), but never framed, and
 * without upgrade-insecure-requests on a plain-http deployment, where it would break the UI's own assets.
 */
export function swaggerUiCsp(header: string, https: boolean): string {
  const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
  return https ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, "");
}
