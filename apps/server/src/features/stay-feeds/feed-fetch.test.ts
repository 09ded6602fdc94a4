import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { renderFeedFixture, startFeedServer, type FeedServer } from "../../test/feed-server.ts";
import { fetchFeed, FEED_MAX_BYTES } from "./feed-fetch.ts";

let feeds: FeedServer;
// A second loopback address stands for a public host: the seam below counts only it as public.
let publicFeeds: FeedServer;
const PUBLIC_STAND_IN = "127.0.0.2";
const seams = { isPrivate: (address: string) => address !== PUBLIC_STAND_IN };

beforeAll(async () => {
  feeds = await startFeedServer();
  publicFeeds = await startFeedServer({ host: PUBLIC_STAND_IN });
});
afterAll(async () => {
  await feeds.close();
  await publicFeeds.close();
});

describe("fetchFeed", () => {
  it("fetches a feed, then answers not-modified by ETag and by Last-Modified, and ok again when it changes", async () => {
    feeds.serveFixture("cond", "airbnb");
    const first = await fetchFeed(feeds.feedUrl("cond"), { allowPrivate: true });
    if (first.kind !== "ok") throw new Error(JSON.stringify(first));
    expect(first.body).toBe(renderFeedFixture("airbnb"));
    expect(first.etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(first.lastModified).toBeTruthy();

    expect(await fetchFeed(feeds.feedUrl("cond"), { allowPrivate: true, etag: first.etag })).toEqual({
      kind: "not-modified",
    });
    expect(await fetchFeed(feeds.feedUrl("cond"), { allowPrivate: true, lastModified: first.lastModified })).toEqual({
      kind: "not-modified",
    });
    expect(
      feeds.requests.filter((r) => r.name === "cond").map((r) => [r.status, r.ifNoneMatch, r.ifModifiedSince]),
    ).toEqual([
      [200, undefined, undefined],
      [304, first.etag, undefined],
      [304, undefined, first.lastModified],
    ]);

    feeds.serveFixture("cond", "vrbo");
    const changed = await fetchFeed(feeds.feedUrl("cond"), { allowPrivate: true, etag: first.etag });
    expect(changed).toMatchObject({ kind: "ok", body: renderFeedFixture("vrbo") });
  });

  it("refuses what is not http(s)", async () => {
    for (const url of ["ftp://example.com/a.ics", "file:///etc/passwd", "webcal://example.com/a.ics", "not a url"]) {
      expect(await fetchFeed(url, { allowPrivate: true }), url).toEqual({ kind: "failed", code: "not-http" });
    }
  });

  it("refuses a private address, by literal or by name, unless private feeds are allowed", async () => {
    feeds.serveFixture("private", "booking");
    expect(await fetchFeed(feeds.feedUrl("private"), { allowPrivate: false })).toEqual({
      kind: "failed",
      code: "private-address",
    });
    const byName = feeds.feedUrl("private").replace("127.0.0.1", "localhost");
    expect(await fetchFeed(byName, { allowPrivate: false })).toEqual({ kind: "failed", code: "private-address" });
    expect(await fetchFeed(byName, { allowPrivate: true })).toMatchObject({ kind: "ok" });
    expect(await fetchFeed("http://[::1]:9/x.ics", { allowPrivate: false })).toEqual({
      kind: "failed",
      code: "private-address",
    });
  });

  it("refuses a redirect to a private address after a public hop unless allowed, and follows it when allowed", async () => {
    feeds.serveFixture("target", "vrbo");
    publicFeeds.redirect("hop", feeds.feedUrl("target"));
    publicFeeds.serveFixture("public", "vrbo");
    expect(await fetchFeed(publicFeeds.feedUrl("public"), { allowPrivate: false }, seams)).toMatchObject({
      kind: "ok",
    });
    expect(await fetchFeed(publicFeeds.feedUrl("hop"), { allowPrivate: false }, seams)).toEqual({
      kind: "failed",
      code: "private-address",
    });
    expect(await fetchFeed(publicFeeds.feedUrl("hop"), { allowPrivate: true }, seams)).toMatchObject({
      kind: "ok",
      body: renderFeedFixture("vrbo"),
    });
  });

  it("checks every DNS answer: a name that also resolves to a private address is refused", async () => {
    publicFeeds.serveFixture("rebind", "airbnb");
    const url = publicFeeds.feedUrl("rebind").replace(PUBLIC_STAND_IN, "feeds.example.test");
    const resolveTo = (...addresses: string[]) => ({
      ...seams,
      resolve: async () => addresses.map((address) => ({ address, family: 4 })),
    });
    expect(await fetchFeed(url, { allowPrivate: false }, resolveTo(PUBLIC_STAND_IN))).toMatchObject({ kind: "ok" });
    expect(await fetchFeed(url, { allowPrivate: false }, resolveTo(PUBLIC_STAND_IN, "169.254.169.254"))).toEqual({
      kind: "failed",
      code: "private-address",
    });
    expect(await fetchFeed(url, { allowPrivate: false }, { ...seams, resolve: async () => [] })).toEqual({
      kind: "failed",
      code: "dns-failed",
    });
    expect(await fetchFeed("http://no-such-host.invalid/a.ics", { allowPrivate: false })).toEqual({
      kind: "failed",
      code: "dns-failed",
    });
  });

  it("follows at most the allowed number of redirects, relative ones included", async () => {
    feeds.serveFixture("end", "booking");
    feeds.redirect("r1", "/feeds/end.ics", 301);
    feeds.redirect("r2", feeds.feedUrl("r1"), 307);
    feeds.redirect("r3", feeds.feedUrl("r2"));
    feeds.redirect("r4", feeds.feedUrl("r3"));
    expect(await fetchFeed(feeds.feedUrl("r3"), { allowPrivate: true })).toMatchObject({ kind: "ok" });
    expect(await fetchFeed(feeds.feedUrl("r4"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "too-many-redirects",
      params: { max: 3 },
    });
    expect(await fetchFeed(feeds.feedUrl("r1"), { allowPrivate: true, maxRedirects: 0 })).toEqual({
      kind: "failed",
      code: "too-many-redirects",
      params: { max: 0 },
    });
    feeds.redirect("to-ftp", "ftp://example.com/a.ics");
    expect(await fetchFeed(feeds.feedUrl("to-ftp"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "not-http",
    });
  });

  it("stops at the size cap, whether or not the server declares the length", async () => {
    feeds.oversized("streamed", FEED_MAX_BYTES + 64 * 1024);
    feeds.oversized("declared", FEED_MAX_BYTES + 1, true);
    expect(await fetchFeed(feeds.feedUrl("streamed"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "too-large",
      params: { megabytes: 5 },
    });
    expect(await fetchFeed(feeds.feedUrl("declared"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "too-large",
      params: { megabytes: 5 },
    });
    feeds.setFeed("small", `BEGIN:VCALENDAR\r\n${"X-FILL:x\r\n".repeat(200)}END:VCALENDAR\r\n`);
    expect(await fetchFeed(feeds.feedUrl("small"), { allowPrivate: true, maxBytes: 1000 })).toEqual({
      kind: "failed",
      code: "too-large",
      params: { megabytes: 1000 / (1024 * 1024) },
    });
    expect(await fetchFeed(feeds.feedUrl("small"), { allowPrivate: true, maxBytes: 10_000 })).toMatchObject({
      kind: "ok",
    });
  });

  it("gives up after the timeout, before the headers or in the middle of the body", async () => {
    feeds.stall("silent");
    feeds.stall("slow-body", true);
    const started = performance.now();
    expect(await fetchFeed(feeds.feedUrl("silent"), { allowPrivate: true, timeoutMs: 150 })).toEqual({
      kind: "failed",
      code: "timeout",
      params: { seconds: 0.15 },
    });
    expect(await fetchFeed(feeds.feedUrl("slow-body"), { allowPrivate: true, timeoutMs: 150 })).toEqual({
      kind: "failed",
      code: "timeout",
      params: { seconds: 0.15 },
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("has a plain-words message for every failure, from its params", () => {
    const f = copy.stayFeeds.fetchFailure;
    expect(f["http-status"]({ status: 410 })).toBe(
      "The channel no longer serves this calendar link. Copy the link again from the channel.",
    );
    expect(f["http-status"]({ status: 502 })).toBe(
      "The calendar's server answered with an error (HTTP 502). We will try again.",
    );
    expect(f.timeout({ seconds: 10 })).toBe(
      "The calendar's server did not answer within 10 seconds. We will try again.",
    );
    expect(f["too-large"]({ megabytes: 5 })).toBe("The calendar is larger than 5 MB, so it was not read.");
    expect(copy.stayFeeds.skipped({ blocked: 2, recurring: 1, invalid: 0 })).toBe(
      "2 blocked periods skipped, 1 repeating event ignored",
    );
  });

  it("reports an HTTP error with its status, a page that is not a calendar, and a refused connection", async () => {
    feeds.respondWith("gone", 410);
    feeds.respondWith("broken", 503);
    feeds.setFeed("login", "<!doctype html><html><body>Please sign in</body></html>", "text/html");
    expect(await fetchFeed(feeds.feedUrl("gone"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "http-status",
      params: { status: 410 },
    });
    expect(await fetchFeed(feeds.feedUrl("broken"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "http-status",
      params: { status: 503 },
    });
    expect(await fetchFeed(feeds.feedUrl("nothing-here"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "http-status",
      params: { status: 404 },
    });
    expect(await fetchFeed(feeds.feedUrl("login"), { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "not-a-calendar",
    });
    expect(await fetchFeed("http://127.0.0.1:9/feed.ics", { allowPrivate: true })).toEqual({
      kind: "failed",
      code: "connection-failed",
    });
  });
});
