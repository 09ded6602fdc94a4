import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import type { FeedFetchFailure } from "@doorstep/shared/rules/stay-feeds";
import { isPrivateAddress } from "./private-address.ts";

export interface FetchFeedOptions {
  /** The validators of the last body read: a 304 then costs no parsing. */
  etag?: string;
  lastModified?: string;
  /** The caller passes NODE_ENV !== "production" || ALLOW_PRIVATE_FEEDS (a PMS on the host's own network). */
  allowPrivate: boolean;
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchFeedResult =
  | { kind: "not-modified" }
  | { kind: "ok"; body: string; etag?: string; lastModified?: string }
  | { kind: "failed"; code: FeedFetchFailure; params?: FeedFetchFailureParams };

/** What the failure's message says (copy.stayFeeds.fetchFailure): the HTTP status, or the limit that was hit. */
export type FeedFetchFailureParams = { status: number } | { seconds: number } | { megabytes: number } | { max: number };

/**
 * Seams for tests: the name resolver (a rebinding DNS answer) and which addresses count as private (so a
 * second loopback address can stand for a public host). Production uses the defaults.
 */
export interface FetchFeedSeams {
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  isPrivate?: (address: string) => boolean;
}

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

class FeedFetchError extends Error {
  constructor(
    readonly code: FeedFetchFailure,
    readonly params?: FeedFetchFailureParams,
  ) {
    super(code);
  }
}

/**
 * Fetches a calendar feed by its link with a conditional GET. Every hop's host is resolved here and each of
 * its addresses checked before the socket connects to the checked one, so neither a redirect nor a DNS
 * answer that changes between lookups (rebinding) reaches a private address when they are not allowed.
 */
export async function fetchFeed(
  url: string,
  options: FetchFeedOptions,
  seams: FetchFeedSeams = {},
): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await follow(url, options, seams, controller.signal);
  } catch (error) {
    if (error instanceof FeedFetchError) {
      return { kind: "failed", code: error.code, ...(error.params ? { params: error.params } : {}) };
    }
    if (controller.signal.aborted) return { kind: "failed", code: "timeout", params: { seconds: timeoutMs / 1000 } };
    return { kind: "failed", code: networkFailure(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function follow(
  url: string,
  options: FetchFeedOptions,
  seams: FetchFeedSeams,
  signal: AbortSignal,
): Promise<FetchFeedResult> {
  const maxRedirects = options.maxRedirects ?? FEED_MAX_REDIRECTS;
  let target = parseHttpUrl(url);
  for (let hop = 0; ; hop++) {
    const res = await request(target, options, seams, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
      res.resume();
      if (hop >= maxRedirects) throw new FeedFetchError("too-many-redirects", { max: maxRedirects });
      target = parseHttpUrl(new URL(res.headers.location, target).toString());
      continue;
    }
    if (status === 304) {
      res.resume();
      return { kind: "not-modified" };
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new FeedFetchError("http-status", { status });
    }
    const body = await readBody(res, options.maxBytes ?? FEED_MAX_BYTES);
    if (!/^\s*BEGIN:VCALENDAR/i.test(body.replace(/^\uFEFF/, ""))) throw new FeedFetchError("not-a-calendar");
    const etag = res.headers.etag;
    const lastModified = res.headers["last-modified"];
    return { kind: "ok", body, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
  }
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedFetchError("not-http");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new FeedFetchError("not-http");
  return parsed;
}

function request(
  target: URL,
  options: FetchFeedOptions,
  seams: FetchFeedSeams,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const isPrivate = seams.isPrivate ?? isPrivateAddress;
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address literal is never looked up, so it is checked here.
  if (net.isIP(host) && !options.allowPrivate && isPrivate(host)) throw new FeedFetchError("private-address");
  const headers: Record<string, string> = {
    accept: "text/calendar, */*;q=0.5",
    "user-agent": "Doorstep-Calendar-Sync/1.0",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target, {
      method: "GET",
      headers,
      signal,
      lookup: checkedLookup(seams.resolve ?? systemResolve, options.allowPrivate, isPrivate),
      // A fresh connection per fetch: a pooled socket would skip the lookup and its check.
      agent: false,
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

async function systemResolve(hostname: string) {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

/** A socket lookup that refuses the host when any of its addresses is private, and connects to a checked one. */
function checkedLookup(
  resolve: NonNullable<FetchFeedSeams["resolve"]>,
  allowPrivate: boolean,
  isPrivate: (address: string) => boolean,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) return callback(new FeedFetchError("dns-failed"), "", 0);
        if (!allowPrivate && answers.some((a) => isPrivate(a.address))) {
          return callback(new FeedFetchError("private-address"), "", 0);
        }
        if (lookupOptions.all) return callback(null, answers);
        const first = answers[0]!;
        return callback(null, first.address, first.family);
      },
      () => callback(new FeedFetchError("dns-failed"), "", 0),
    );
  };
}

function readBody(res: http.IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FeedFetchError("too-large", { megabytes: maxBytes / (1024 * 1024) }));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Stop reading at the cap: a feed that never ends must not fill memory. Settle first: destroying
      // the response emits its own error.
      if (size > maxBytes) {
        reject(new FeedFetchError("too-large", { megabytes: maxBytes / (1024 * 1024) }));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
    res.on("aborted", () => reject(new Error("aborted")));
  });
}

function networkFailure(error: unknown): FeedFetchFailure {
  const code = (error as { code?: string } | null)?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "dns-failed";
  return "connection-failed";
}
