import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import type { RenderedGuide } from "./guide-render.tsx";
import { createOpenCounter, createStayPageCache } from "./stay-page-cache.ts";

const page = { html: "x" } as RenderedGuide;
const value = (stayId: string, accountId = "acc", propertyId = "home") => ({ page, stayId, accountId, propertyId });

describe("the stay page cache (decision 042)", () => {
  it("serves until the ttl or the stay's next phase, and drops by stay, account or property", () => {
    const cache = createStayPageCache(60_000);
    cache.set("k1", value("s1"), 1_000, cache.begin());
    expect(cache.get("k1", 999)?.stayId).toBe("s1");
    expect(cache.get("k1", 1_000)).toBeNull();
    for (const [purge, expected] of [
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("s1"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("account:acc"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purgeProperty("home"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("s2"), "s1"],
    ] as const) {
      const c = createStayPageCache(60_000);
      c.set("k", value("s1"), Infinity, c.begin());
      purge(c);
      expect(c.get("k", 0)?.stayId ?? null).toBe(expected);
    }
  });

  it("does not store a render that began before a purge, nor anything when off", () => {
    const cache = createStayPageCache(60_000);
    const startedAt = cache.begin();
    cache.purge("other");
    cache.set("k", value("s1"), Infinity, startedAt);
    expect(cache.get("k", 0)).toBeNull();
    const off = createStayPageCache(0);
    off.set("k", value("s1"), Infinity, off.begin());
    expect(off.get("k", 0)).toBeNull();
  });

  it("counts openings in memory and writes one batch per stay", async () => {
    const writes: [string, number][] = [];
    const counter = createOpenCounter(
      async (stayId, times) => void writes.push([stayId, times]),
      () => undefined,
    );
    counter.add("s1", new Date());
    counter.add("s1", new Date());
    counter.add("s2", new Date());
    await counter.close();
    expect(writes).toEqual([
      ["s1", 2],
      ["s2", 1],
    ]);
  });
});

describe("stay pages with the cache on: every change the guest must see is seen on the next request", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp({ configure: (c) => ({ ...c, guide: { ...c.guide, renderCacheMs: 60_000 } }) });
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host));
  });
  afterAll(() => t.close());
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const open = async (path: string) => t.app.inject({ method: "GET", url: path });

  it("door code, release, settings, new link and cancel each purge the cached page", async () => {
    const created = await t.as(host, "POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(2),
      checkOutDate: day(4),
      doorCode: "1111",
    });
    const stayId = created.json().stay.id as string;
    const path = () =>
      t.as(host, "GET", `/api/stays/${stayId}/link`).then((r) => new URL(r.json().url as string).pathname);
    const first = await path();
    expect((await open(first)).body).toContain('data-stay-phase="before"');
    await t.as(host, "PUT", "/api/stay-link-settings", { revealDaysBefore: 3, endsAt: "end-of-check-out-day" });
    expect((await open(first)).body).toContain("1111");
    await t.as(host, "PATCH", `/api/stays/${stayId}`, { doorCode: "2222" });
    expect((await open(first)).body).toContain("2222");
    await t.as(host, "PUT", "/api/stay-link-settings", { revealDaysBefore: 1, endsAt: "end-of-check-out-day" });
    expect((await open(first)).body).not.toContain("2222");
    await t.as(host, "POST", `/api/stays/${stayId}/release`);
    expect((await open(first)).body).toContain("2222");
    await t.as(host, "POST", `/api/stays/${stayId}/link`);
    expect((await open(first)).statusCode).toBe(404);
    const second = await path();
    expect((await open(second)).statusCode).toBe(200);
    await t.as(host, "POST", `/api/stays/${stayId}/cancel`);
    expect((await open(second)).statusCode).toBe(410);
  });
});
