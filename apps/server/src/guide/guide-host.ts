import type { IncomingMessage } from "node:http";

// Paths that keep their meaning on the guide host; everything else there is a guide address.
const PASS_THROUGH = /^\/(api|files|g|q)(\/|$|\?)/;
const GUIDE_PATH = /^\/[a-z0-9-]+(\/|\?|$)/;

/**
 * Fastify's rewriteUrl for GUIDE_HOST (docs/architecture.md §1, GUIDE-04): `/{PropertyID}…` on the guide host is
 * served as `/g/{PropertyID}…`; other hosts are untouched.
 */
export function guideHostRewrite(guideHost: string | undefined): ((req: IncomingMessage) => string) | undefined {
  if (!guideHost) return undefined;
  return (req) => {
    const url = req.url ?? "/";
    const host = (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "");
    if (host !== guideHost || PASS_THROUGH.test(url) || !GUIDE_PATH.test(url)) return url;
    return `/g${url}`;
  };
}

/**
 * The guide's own address as the visitor used it: "/g/{id}", or "/{id}" when the guide host rewrote it. The id
 * is percent-encoded: it goes into headers (Location, Service-Worker-Allowed), which refuse any character outside
 * Latin-1, and an id from the path may hold one (it names no guide, but its redirect must not fail). Real ids
 * are `[a-z0-9-]` and stay as they are.
 */
export function guideBasePath(originalUrl: string, propertyId: string): string {
  const id = encodeURIComponent(propertyId);
  return originalUrl.startsWith("/g/") ? `/g/${id}` : `/${id}`;
}
