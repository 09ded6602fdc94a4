import type { IncomingMessage, ServerResponse } from "node:http";
import { pickEncoding, type Encoding } from "../lib/compression.ts";
import { rawHeaderValues, type FastPath } from "../lib/fast-path.ts";
import type { RenderedGuide } from "./guide-render.tsx";

/** What a guide page's cache is looked up by: the same four values the route's own handler uses. */
export interface GuidePageKey {
  originalUrl: string;
  propertyId: string;
  lang: string | undefined;
  acceptLanguage: string | undefined;
}

// A guide address as the route accepts it: a weblink (lowercase letters, digits, dashes), an optional query.
const GUIDE_URL = /^\/g\/([a-z0-9-]{1,60})(?:\?([^#]*))?$/;
// A language tag as a guest sends it; anything else goes the long way, where the route's schema decides.
const LANG = /^[A-Za-z0-9-]{0,12}$/;
/** The request headers a cached page's answer depends on. */
const READ_HEADERS = ["accept-language", "accept-encoding", "if-none-match"] as const;

/** A page's answer in one encoding, ready to write: its ETag and its headers as Node takes them, flat. */
export interface Wire {
  etag: string;
  headers: string[];
  notModified: string[];
  body: string | Buffer;
}

/**
 * The guide's hot path (docs/decisions/025-guide-fast-path.md): a public guide page already in
 * the render cache is written straight to the socket, with exactly the status, headers and bytes the route
 * would send (`sendGuide`), skipping Fastify's routing, hooks and logging — about two thirds of the CPU such a
 * request cost. Anything else falls through to Fastify: other methods and paths, previews, odd queries, pages
 * not cached (first view, passcode-protected, a render pending), and the whole server once it is closing.
 */
export function createGuideFastPath(options: {
  /** The cached page for this key (starting a refresh when it is due), or null. */
  cached: (key: GuidePageKey) => RenderedGuide | null;
  /** GUIDE_HOST's rewrite of `/{id}` to `/g/{id}`, as Fastify applies it. */
  rewrite?: (req: IncomingMessage) => string;
  /** Served over https: the same HSTS header the app's hook adds. */
  hsts: boolean;
}): FastPath {
  // Named, so a CPU profile tells the two fast paths apart (bench/ingest-share.ts).
  const fastPath = function guidePageFastPath(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const originalUrl = req.url ?? "";
    const match = GUIDE_URL.exec(options.rewrite ? options.rewrite(req) : originalUrl);
    if (!match) return false;
    let lang: string | undefined;
    if (match[2]) {
      for (const [name, value] of new URLSearchParams(match[2])) {
        // A preview is personal; a repeated `lang` is for the route's schema to judge.
        if (name === "preview" || (name === "lang" && lang !== undefined)) return false;
        if (name === "lang") lang = value;
      }
    }
    if (lang !== undefined && !LANG.test(lang)) return false;
    const headers = rawHeaderValues(req, READ_HEADERS);
    if (!headers) return false;
    const acceptLanguage = headers["accept-language"]?.slice(0, 200);
    const page = options.cached({ originalUrl, propertyId: match[1]!, lang, acceptLanguage });
    if (!page) return false;

    const wire = wireOf(page, pickEncoding(headers["accept-encoding"]));
    fastPath.served++;
    if (page.status === 200 && headers["if-none-match"] === wire.etag) {
      res.writeHead(304, wire.notModified).end();
      return true;
    }
    res.writeHead(page.status, wire.headers).end(wire.body);
    return true;
  } as FastPath;

  const wireOf = createWires(options.hsts);
  fastPath.served = 0;
  return fastPath;
}

/**
 * Each cached page's answers, built once per encoding (with HSTS when served over https, the one header the
 * app's hook adds) and forgotten with the page: what `writeHead` takes, flat, so a write processes no object.
 */
export function createWires(hsts: boolean): (page: RenderedGuide, encoding: Encoding | null) => Wire {
  const wires = new WeakMap<RenderedGuide, Map<Encoding | null, Wire>>();
  return function wireOf(page, encoding) {
    let byEncoding = wires.get(page);
    if (!byEncoding) wires.set(page, (byEncoding = new Map()));
    let wire = byEncoding.get(encoding);
    if (!wire) {
      const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
      const common: Record<string, string> = { ...page.headers, ETag: etag };
      if (hsts) common["Strict-Transport-Security"] = "max-age=31536000";
      const body = page.body.get(encoding);
      const full: Record<string, string> = { ...common };
      if (encoding) full["Content-Encoding"] = encoding;
      full["Content-Length"] = String(Buffer.byteLength(body));
      wire = { etag, headers: Object.entries(full).flat(), notModified: Object.entries(common).flat(), body };
      byEncoding.set(encoding, wire);
    }
    return wire;
  };
}
