import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The channel-shaped calendars in fixtures/feeds/, by name without ".ics". */
export type FeedFixture = "airbnb" | "booking" | "vrbo" | "malformed" | "edge-cases";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/feeds");

/** "YYYY-MM-DD" of the real today, in UTC: fixtures are relative to it so they never go stale. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Adds days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A fixture with each `{{+N}}` / `{{-N}}` replaced by today ± N days in iCalendar's YYYYMMDD form. */
export function renderFeedFixture(name: FeedFixture, today = todayIso()): string {
  return renderFeedTemplate(fs.readFileSync(path.join(FIXTURES, `${name}.ics`), "utf8"), today);
}

export function renderFeedTemplate(template: string, today = todayIso()): string {
  return template.replace(/\{\{([+-]\d+)\}\}/g, (_, days: string) => addDays(today, Number(days)).replace(/-/g, ""));
}

type Behaviour =
  | { kind: "body"; body: string; contentType: string; etag: string; lastModified: string }
  | { kind: "redirect"; location: string; status: number }
  | { kind: "stall"; afterHeaders: boolean }
  | { kind: "oversized"; bytes: number; declareLength: boolean }
  | { kind: "status"; status: number };

export interface FeedServer {
  /** http://host:port */
  origin: string;
  /** The link a test gives the fetcher for a feed name. */
  feedUrl(name: string): string;
  /** Serves a fixture (rendered relative to `today`) at the name; a changed body gets a new ETag. */
  serveFixture(name: string, fixture: FeedFixture, today?: string): void;
  /** Serves any body at the name (a feed changed between polls, or not a calendar at all). */
  setFeed(name: string, body: string, contentType?: string): void;
  redirect(name: string, location: string, status?: number): void;
  /** Never answers (or answers headers and then nothing), for the timeout. */
  stall(name: string, afterHeaders?: boolean): void;
  /** Streams that many bytes of calendar-looking text; with declareLength, says so in Content-Length. */
  oversized(name: string, bytes: number, declareLength?: boolean): void;
  respondWith(name: string, status: number): void;
  /** Every request received, with its conditional headers. */
  requests: { name: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }[];
  close(): Promise<void>;
}

/**
 * A local calendar-feed server for tests, on a loopback address and a free port: it serves channel-shaped
 * fixtures, answers ETag/Last-Modified and 304s, and can redirect, stall, fail or send too much.
 * `now` is the clock its Last-Modified dates come from; with `control`, PUT /control/<name> sets a feed.
 */
export async function startFeedServer(
  options: { host?: string; now?: () => Date; port?: number; control?: boolean } = {},
): Promise<FeedServer> {
  const host = options.host ?? "127.0.0.1";
  const now = options.now ?? (() => new Date());
  const feeds = new Map<string, Behaviour>();
  const requests: FeedServer["requests"] = [];

  const server = http.createServer((req, res) => {
    // Another process (an e2e spec) changes a feed by PUT /control/<name> with the calendar's template.
    if (options.control && req.method === "PUT" && req.url?.startsWith("/control/")) {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        setFeed(
          decodeURIComponent(req.url!.slice("/control/".length)),
          renderFeedTemplate(Buffer.concat(chunks).toString()),
        );
        res.writeHead(204).end();
      });
      return;
    }
    const name = decodeURIComponent(
      new URL(req.url ?? "/", "http://feeds").pathname.replace(/^\/feeds\//, "").replace(/\.ics$/, ""),
    );
    const behaviour = feeds.get(name);
    const record = (status: number) =>
      requests.push({
        name,
        status,
        ...(req.headers["if-none-match"] ? { ifNoneMatch: req.headers["if-none-match"] } : {}),
        ...(req.headers["if-modified-since"] ? { ifModifiedSince: req.headers["if-modified-since"] } : {}),
      });
    if (!behaviour) {
      record(404);
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    switch (behaviour.kind) {
      case "body": {
        const modifiedSince = Date.parse(req.headers["if-modified-since"] ?? "");
        const unchanged = req.headers["if-none-match"]
          ? req.headers["if-none-match"] === behaviour.etag
          : Number.isFinite(modifiedSince) && Date.parse(behaviour.lastModified) <= modifiedSince;
        record(unchanged ? 304 : 200);
        const validators = { etag: behaviour.etag, "last-modified": behaviour.lastModified };
        if (unchanged) res.writeHead(304, validators).end();
        else res.writeHead(200, { ...validators, "content-type": behaviour.contentType }).end(behaviour.body);
        return;
      }
      case "redirect":
        record(behaviour.status);
        res.writeHead(behaviour.status, { location: behaviour.location }).end();
        return;
      case "status":
        record(behaviour.status);
        res.writeHead(behaviour.status, { "content-type": "text/html" }).end("<html><body>Error</body></html>");
        return;
      case "stall":
        record(200);
        if (behaviour.afterHeaders)
          res.writeHead(200, { "content-type": "text/calendar" }).write("BEGIN:VCALENDAR\r\n");
        return;
      case "oversized":
        record(200);
        streamOversized(res, behaviour.bytes, behaviour.declareLength);
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  const setFeed = (name: string, body: string, contentType = "text/calendar; charset=utf-8") => {
    const etag = `"${createHash("sha1").update(body).digest("hex").slice(0, 20)}"`;
    const previous = feeds.get(name);
    const lastModified =
      previous?.kind === "body" && previous.etag === etag ? previous.lastModified : now().toUTCString();
    feeds.set(name, { kind: "body", body, contentType, etag, lastModified });
  };

  return {
    origin,
    requests,
    feedUrl: (name) => `${origin}/feeds/${encodeURIComponent(name)}.ics`,
    serveFixture: (name, fixture, today) => setFeed(name, renderFeedFixture(fixture, today)),
    setFeed,
    redirect: (name, location, status = 302) => feeds.set(name, { kind: "redirect", location, status }),
    stall: (name, afterHeaders = false) => feeds.set(name, { kind: "stall", afterHeaders }),
    oversized: (name, bytes, declareLength = false) => feeds.set(name, { kind: "oversized", bytes, declareLength }),
    respondWith: (name, status) => feeds.set(name, { kind: "status", status }),
    close: () =>
      new Promise((resolve) => {
        // Stalled responses hold their sockets open; close drops them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `bytes` of events in 64 KB chunks, honouring back-pressure, until done or the client hangs up. */
function streamOversized(res: http.ServerResponse, bytes: number, declareLength: boolean): void {
  res.writeHead(200, {
    "content-type": "text/calendar",
    ...(declareLength ? { "content-length": String(bytes) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, "SUMMARY:filler filler filler filler filler filler filler filler\r\n");
  let sent = 0;
  const pump = () => {
    while (sent < bytes && !res.destroyed) {
      const part = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
      sent += part.length;
      if (!res.write(part)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end();
  };
  pump();
}
