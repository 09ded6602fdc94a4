import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { meaningfulHeaders, sendOverSocket } from "../test/socket.ts";
import { buildProperty, buildUser } from "../test/factories.ts";
import { renderGuide } from "./guide-render.tsx";
import { loadGuidePage } from "./guide.service.ts";

let t: TestApp;
let base: string;
beforeAll(async () => {
  // The render cache on, as in production (tests run without it), long enough that nothing expires mid-test.
  t = await createTestApp({
    configure: (config) => ({ ...config, guide: { ...config.guide, renderCacheMs: 60_000 } }),
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A GET over a real socket (the fast path sits in the HTTP server, which `inject` does not use). */
const get = (path: string, headers: Record<string, string | string[]> = {}) =>
  sendOverSocket(`${base}${path}`, { headers });
const meaningful = meaningfulHeaders;

describe("the guide's fast path (decision 025)", () => {
  it("answers a cached public page with the route's own status, headers and bytes, in every encoding", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Fast Flat" });
    // The first view renders through the route and fills the cache.
    const first = await get(`/g/${propertyId}?lang=en&utm_source=qr-code`);
    expect(first.status).toBe(200);
    const before = t.guideFastPath.served;
    for (const encoding of ["", "gzip", "br"]) {
      const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      const fast = await get(`/g/${propertyId}?lang=en&utm_source=qr-code`, headers);
      // The same request through Fastify (inject skips the HTTP server, so the fast path too).
      const slow = await t.app.inject({ method: "GET", url: `/g/${propertyId}?lang=en&utm_source=qr-code`, headers });
      expect(fast.status).toBe(slow.statusCode);
      expect(meaningful(fast.headers)).toEqual(meaningful(slow.headers));
      expect(fast.body.equals(slow.rawPayload)).toBe(true);
      if (encoding) expect(fast.headers["content-encoding"]).toBe(encoding);
      expect(fast.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(fast.headers["cache-control"]).toBe("public, no-cache");
    }
    expect(t.guideFastPath.served).toBe(before + 3);
    // The browser's copy is current: 304, from the fast path too (the first plain view fills the cache).
    const etag = (await get(`/g/${propertyId}`)).headers.etag!;
    const again = await get(`/g/${propertyId}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(t.guideFastPath.served).toBe(before + 4);
  });

  it("reads the headers it needs as a browser writes them, and leaves a repeated one to Fastify", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Header Haus" });
    // A browser's dozen headers, names in its own case (the fast path reads them raw, decision 063).
    const browser = {
      Host: base.slice("http://".length),
      "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
      Accept: "text/html,application/xhtml+xml",
      "Accept-Language": "en-GB,en;q=0.9",
      "Accept-Encoding": "gzip, deflate, br",
      Cookie: "theme=dark",
      "Upgrade-Insecure-Requests": "1",
    };
    await get(`/g/${propertyId}`, browser); // fills the cache for this language
    const before = t.guideFastPath.served;
    const fast = await get(`/g/${propertyId}`, browser);
    expect(fast.status).toBe(200);
    expect(fast.headers["content-encoding"]).toBe("br");
    expect(t.guideFastPath.served).toBe(before + 1);
    const again = await get(`/g/${propertyId}`, { ...browser, "If-None-Match": fast.headers.etag! });
    expect(again.status).toBe(304);
    expect(t.guideFastPath.served).toBe(before + 2);

    // Sent twice, Node joins a header's values; the route's own reading decides, the same answer as one header.
    const twice = await get(`/g/${propertyId}`, { "accept-encoding": ["identity", "br"] });
    expect(t.guideFastPath.served).toBe(before + 2);
    const joined = await t.app.inject({
      method: "GET",
      url: `/g/${propertyId}`,
      headers: { "accept-encoding": "identity, br" },
    });
    expect(twice.status).toBe(200);
    expect(twice.headers["content-encoding"]).toBe(joined.headers["content-encoding"]);
    expect(twice.body.equals(joined.rawPayload)).toBe(true);
  });

  it("leaves previews, protected guides, odd queries and other routes to Fastify", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Locked Loft" });
    await get(`/g/${propertyId}`);
    const warm = t.guideFastPath.served;
    await get(`/g/${propertyId}`);
    // The page is cached (a control): only the requests below differ.
    expect(t.guideFastPath.served).toBe(warm + 1);
    const before = t.guideFastPath.served;
    for (const path of [
      `/g/${propertyId}?preview=abc`,
      `/g/${propertyId}?lang=fr&lang=de`,
      `/g/${propertyId}?lang=%00`,
      `/g/${propertyId}/`,
      `/g/${propertyId}/manifest.webmanifest`,
      `/g/${propertyId.toUpperCase()}`,
      "/api/health",
    ])
      await get(path);
    expect(t.guideFastPath.served).toBe(before);

    // A passcode purges the cached page; the gate is never cached, so it always goes the long way.
    const set = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/passcode`,
      headers: { cookie: user.cookie },
      payload: { passcode: "246810" },
    });
    expect(set.statusCode, set.body).toBe(204);
    for (let i = 0; i < 3; i++) {
      const gate = await get(`/g/${propertyId}`);
      expect(gate.headers["cache-control"]).toBe("no-store");
      expect(gate.body.toString()).toContain('name="passcode"');
    }
    expect(t.guideFastPath.served).toBe(before);
  });

  it("a background refresh that finds the same page keeps the rendered, compressed one; a change renders anew", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Same Studio" });
    const load = async () =>
      (await loadGuidePage(t.ctx, { propertyId, basePath: `/g/${propertyId}`, scriptUrl: "/g/_/guide.js" })).model;
    const first = renderGuide(await load(), { protectedContent: false });
    expect(renderGuide(await load(), { protectedContent: false }, first)).toBe(first);
    // Anything the page shows is in what it was rendered from: a new title is a new page.
    const retitled = await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}`,
      headers: { cookie: user.cookie },
      payload: { title: "Same Studio, renamed" },
    });
    expect(retitled.statusCode, retitled.body).toBe(204);
    const second = renderGuide(await load(), { protectedContent: false }, first);
    expect(second).not.toBe(first);
    expect(second.html).toContain("Same Studio, renamed");
    // So is whether it is protected.
    expect(renderGuide(await load(), { protectedContent: true }, second)).not.toBe(second);
  });
});

describe("the stay pages' fast path (decision 047)", () => {
  it("answers a cached stay page with the route's own status, headers and bytes, private and no-store", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, host, { title: "Stay Flat" });
    const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const created = await t.as(host, "POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(-1),
      checkOutDate: day(2),
      doorCode: "4321",
    });
    const stayId = created.json().stay.id as string;
    const link = await t.as(host, "GET", `/api/stays/${stayId}/link`);
    const path = new URL(link.json().url as string).pathname;
    // The first view renders through the route and fills the cache.
    expect((await get(path)).status).toBe(200);
    const before = t.guideFastPath.served;
    for (const encoding of ["", "gzip", "br"]) {
      const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      const fast = await get(path, headers);
      const slow = await t.app.inject({ method: "GET", url: path, headers });
      expect(fast.status).toBe(200);
      expect(meaningful(fast.headers)).toEqual(meaningful(slow.headers));
      expect(fast.body.equals(slow.rawPayload)).toBe(true);
      expect(fast.headers["cache-control"]).toBe("private, no-store");
      expect(fast.headers["referrer-policy"]).toBe("no-referrer");
      expect(fast.headers["x-robots-tag"]).toBe("noindex, nofollow");
    }
    expect(t.guideFastPath.served).toBe(before + 3);
    // Another query, an unknown token: the long way (its misses are counted against the address there).
    await get(`${path}?utm_source=x`);
    expect((await get("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect(t.guideFastPath.served).toBe(before + 3);
    // A new door code purges the page: the next request renders it again with the new code.
    await t.as(host, "PATCH", `/api/stays/${stayId}`, { doorCode: "8765" });
    expect((await get(path)).body.toString()).toContain("8765");
    expect(t.guideFastPath.served).toBe(before + 3);
  });
});
