import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import type { RenderedGuide } from "./guide-render.tsx";
import { createOpenCounter, createStayPageCache } from "./stay-page-cache.ts";

const page = { html: "x" } as RenderedGuide;
const value = (stayId: string, until = Infinity, accountId = "acc", propertyId = "home") => ({
  page,
  rendered: page,
  stayId,
  accountId,
  propertyId,
  until,
});
let clock = 0;
vi.spyOn(performance, "now").mockImplementation(() => clock);
afterEach(() => void (clock = 0));

describe("the stay page cache (decisions 042, 047)", () => {
  it("serves until the stay's next phase, and drops by stay, account or property", () => {
    const cache = createStayPageCache(60_000);
    cache.set("k1", value("s1", 1_000), cache.begin());
    expect(cache.get("k1", 999)?.stayId).toBe("s1");
    expect(cache.get("k1", 1_000)).toBeNull();
    for (const [purge, expected] of [
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("s1"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("account:acc"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purgeProperty("home"), null],
      [(c: ReturnType<typeof createStayPageCache>) => c.purge("s2"), "s1"],
    ] as const) {
      const c = createStayPageCache(60_000);
      c.set("k", value("s1"), c.begin());
      purge(c);
      expect(c.get("k", 0)?.stayId ?? null).toBe(expected);
    }
  });

  it("past the ttl, answers at once and revalidates once in the background; a cold page is dropped", async () => {
    const cache = createStayPageCache(1000);
    cache.set("k", value("s1"), cache.begin());
    let finish: (v: ReturnType<typeof value> | null) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<ReturnType<typeof value> | null>((resolve) => (finish = resolve)));
    clock = 1500;
    expect(cache.get("k", 0, refresh)?.stayId).toBe("s1");
    expect(cache.get("k", 0, refresh)?.stayId).toBe("s1");
    expect(refresh).toHaveBeenCalledTimes(1);
    finish(value("s1-again"));
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.get("k", 0)?.stayId).toBe("s1-again");
    // The stay is gone (a new link): the revalidation drops the page.
    clock = 3000;
    cache.get("k", 0, async () => null);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.get("k", 0)).toBeNull();
    cache.set("k", value("s1"), cache.begin());
    clock = 3000 + 10_001;
    expect(cache.get("k", 0)).toBeNull();
  });

  it("does not store a render that began before a purge, nor anything when off", () => {
    const cache = createStayPageCache(60_000);
    const startedAt = cache.begin();
    cache.purge("other");
    cache.set("k", value("s1"), startedAt);
    expect(cache.get("k", 0)).toBeNull();
    const off = createStayPageCache(0);
    off.set("k", value("s1"), off.begin());
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
