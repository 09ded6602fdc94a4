/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import { compressible, pickEncoding } from "../lib/compression.ts";
import { tileOrigin } from "../lib/tile-origin.ts";
import { renderToString } from "react-dom/server";
import type { GuidePageModel } from "./guide-model.ts";
import { GuideDocument, SCRIPT_LOADER } from "./guide-page.tsx";
import { guideStylesheet } from "./guide-styles.ts";

export interface RenderedGuide {
  status: number;
  html: string;
  /** The HTML and its compressed forms, made once per render (cached pages reuse them). */
  body: ReturnType<typeof compressible>;
  etag: string;
  headers: Record<string, string>;
  /** What the page was rendered from (model, status, protection): an identical refresh reuses the page. */
  fingerprint: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

/**
 * The guide's Content-Security-Policy: scripts only from our origin (the one external file) and, by its
 * hash, `inlineScript` (the guide page's loader of that file, SCRIPT_LOADER), the one inline stylesheet by
 * its hash, nothing framed, forms only to us. Inline style
 * attributes stay allowed for the colours the rich-text editor writes (they cannot run script).
 * A page with a map (GUIDE-15) also takes Leaflet's stylesheet from our origin and tiles from MAP_TILE_URL's.
 */
export function guideCsp(
  stylesheet: string,
  map: { tileUrl: string } | null = null,
  inlineScript: string | null = null,
): string {
  const tiles = map ? tileOrigin(map.tileUrl) : null;
  return [
    "default-src 'none'",
    `script-src 'self'${inlineScript ? ` 'sha256-${sha256(inlineScript)}'` : ""}`,
    `style-src-elem 'sha256-${sha256(stylesheet)}'${map ? " 'self'" : ""}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data:${tiles ? ` ${tiles}` : ""}`,
    "media-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every guide response carries, set explicitly (helmet costs throughput on this hot route). */
export function securityHeaders(csp: string | null, preview = false): Record<string, string> {
  return {
    ...(csp ? { "Content-Security-Policy": csp } : {}),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // A preview link carries its token: never hand it to another site.
    "Referrer-Policy": preview ? "no-referrer" : "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  };
}

// Unpublished or inactive: the unavailable page with 404 (decision 038). A 503 told crawlers and caches to come
// back for a page the host took away; a card or a publish brings it back on the next request all the same.
const STATUS: Record<GuidePageModel["kind"], number> = { guide: 200, gate: 200, inactive: 404, "not-found": 404 };

/**
 * Renders a guide page to HTML with its status and headers: caching (ETag; public pages briefly cacheable,
 * protected and preview pages never shared), noindex (IMPL-39) and the service worker's cache instruction
 * (`X-Guide-Offline`: store, purge or skip) so nothing protected is kept offline before unlocking.
 */
export function renderGuide(
  model: GuidePageModel,
  options: { status?: number; protectedContent: boolean },
  previous?: RenderedGuide,
): RenderedGuide {
  // The page is a function of these (labels follow the language, the stylesheet the theme): when a background
  // refresh finds them unchanged, the page it has — rendered, compressed — is still the page (decision 025).
  const fingerprint = createHash("sha1")
    .update(JSON.stringify([model, options.status ?? null, options.protectedContent]))
    .digest("base64url");
  if (previous?.fingerprint === fingerprint) return previous;
  const stylesheet = guideStylesheet(model.theme);
  const html = `<!doctype html>${renderToString(<GuideDocument model={model} stylesheet={stylesheet} />)}`;
  const etag = `"${createHash("sha1").update(html).digest("base64url")}"`;
  const headers: Record<string, string> = {
    ...securityHeaders(guideCsp(stylesheet, model.map, SCRIPT_LOADER), model.preview),
    "Content-Type": "text/html; charset=utf-8",
    Vary: "Accept-Language, Cookie, Accept-Encoding",
  };
  if (model.noindex) headers["X-Robots-Tag"] = "noindex, nofollow";
  if (model.preview) {
    headers["Cache-Control"] = "no-store";
    headers["X-Guide-Offline"] = "skip";
  } else if (model.kind === "guide") {
    // A protected page is never stored, in a browser either: a new passcode or an unpublish takes effect at once.
    // A public one is kept but revalidated on every visit (a cheap 304 by its ETag), so an unpublish, a delete or
    // an edit shows on the next request instead of up to a minute later (decision 038).
    headers["Cache-Control"] = options.protectedContent ? "private, no-store" : "public, no-cache";
    headers["X-Guide-Offline"] = "store";
  } else {
    headers["Cache-Control"] = "no-store";
    headers["X-Guide-Offline"] = "purge";
  }
  // Bytes, not a string: a cached page is written many times, and a string is encoded again on every write.
  return {
    status: options.status ?? STATUS[model.kind],
    html,
    body: compressible(Buffer.from(html)),
    etag,
    headers,
    fingerprint,
  };
}

/**
 * Sends a rendered page, compressed when the browser accepts it (each encoding has its own ETag), answering
 * 304 when the browser's copy is current.
 */
export function sendGuide(
  reply: FastifyReply,
  rendered: RenderedGuide,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
) {
  const encoding = pickEncoding(acceptEncoding);
  const etag = encoding ? `${rendered.etag.slice(0, -1)}-${encoding}"` : rendered.etag;
  reply.headers(rendered.headers).header("ETag", etag);
  if (rendered.status === 200 && ifNoneMatch === etag) return reply.status(304).send();
  if (encoding) reply.header("Content-Encoding", encoding);
  return reply.status(rendered.status).send(rendered.body.get(encoding));
}
