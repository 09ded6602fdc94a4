import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { tileOrigin } from "../lib/tile-origin.ts";

/**
 * Serves the built dashboard (apps/web/dist): hashed assets cached for a year, index.html never cached,
 * and index.html for any other GET that accepts HTML so client routes work on reload.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<Buffer | null> {
  const indexPath = path.join(distDir, "index.html");
  if (!fs.existsSync(indexPath)) {
    app.log.warn(`No dashboard build at ${distDir}; run "npm run build" (npm start does it for you).`);
    return null;
  }
  const indexHtml = fs.readFileSync(indexPath);
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header("X-Content-Type-Options", "nosniff");
      reply.header(
        "Cache-Control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  return indexHtml;
}

/** True when a not-found request should get the dashboard's index.html. */
export function wantsSpa(method: string, url: string, accept: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (url.startsWith("/api/") || url === "/api" || url.startsWith("/files/")) return false;
  return !accept || accept.includes("text/html") || accept.includes("*/*");
}

/**
 * The dashboard's Content-Security-Policy: scripts only from our origin (and Stripe's when Stripe is
 * configured, for Elements), map tiles from the configured tile server, nothing framing us. Inline
 * styles stay allowed: React and Leaflet set element styles, which cannot run script.
 */
export function dashboardCsp(options: { mapTileUrl: string; stripe: boolean }): string {
  const tiles = tileOrigin(options.mapTileUrl);
  const stripe = options.stripe;
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? " https://js.stripe.com" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ""}${stripe ? " https://*.stripe.com" : ""}`,
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    `frame-src ${stripe ? "https://js.stripe.com https://hooks.stripe.com" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
