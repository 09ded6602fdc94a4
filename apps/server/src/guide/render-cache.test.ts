import { afterEach, describe, expect, it, vi } from "vitest";
import { compressible } from "../lib/compression.ts";
import type { RenderedGuide } from "./guide-render.tsx";
import { createRenderCache } from "./render-cache.ts";

const page = (html: string): RenderedGuide => ({
  status: 200,
  html,
  body: compressible(html),
  etag: '"e"',
  headers: {},
  fingerprint: html,
});
let clock = 0;
vi.spyOn(performance, "now").mockImplementation(() => clock);
afterEach(() => void (clock = 0));
const revalidated = (p: RenderedGuide) => ({ page: p, hints: {} });
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the guide render cache (decisions 013, 047)", () => {
  it("serves a page with its compressed forms ready, past its ttl too, until nobody read it for ten ttls", () => {
    const cache = createRenderCache(1000);
    const first = page("<p>one</p>".repeat(200));
    cache.set("k", "guide", first, cache.begin());
    expect(cache.get("k", 0)).toBe(first);
    // Compressed at store time: the same buffer every time.
    expect(first.body.get("gzip")).toBe(first.body.get("gzip"));
    clock = 1001;
    expect(cache.get("k", 0)).toBe(first);
    clock = 10_001;
    expect(cache.get("k", 0)).toBeNull();
  });

  it("past the ttl, answers from the cache at once and revalidates once in the background", async () => {
    const cache = createRenderCache(1000);
    cache.set("k", "guide", page("old"), cache.begin());
    let finish: (p: RenderedGuide) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<RenderedGuide>((resolve) => (finish = resolve)).then(revalidated));
    clock = 900;
    expect(cache.get("k", 0, refresh)?.html).toBe("old");
    expect(refresh).not.toHaveBeenCalled();
    clock = 1100;
    expect(cache.get("k", 0, refresh)?.html).toBe("old");
    // However long the revalidation takes, nobody waits for it, and it is not started twice.
    clock = 20_000;
    expect(cache.get("k", 0, refresh)?.html).toBe("old");
    expect(refresh).toHaveBeenCalledTimes(1);
    finish(page("new"));
    await settle();
    expect(cache.get("k", 0, refresh)?.html).toBe("new");
  });

  it("renders a page that is not cached once for every request that arrives meanwhile", async () => {
    const cache = createRenderCache(1000);
    let finish: (p: RenderedGuide) => void = () => undefined;
    const render = vi.fn(() => new Promise<RenderedGuide>((resolve) => (finish = resolve)));
    const first = cache.once("k", "guide", render);
    const second = cache.once("k", "guide", render);
    finish(page("new"));
    expect((await first).html).toBe("new");
    expect((await second).html).toBe("new");
    expect(render).toHaveBeenCalledTimes(1);
    // Done: the next miss renders again.
    void cache.once("k", "guide", render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("a purge keeps a render begun before it from answering the requests that arrive after it", async () => {
    const cache = createRenderCache(1000);
    const before = cache.once("k", "guide", async () => page("before"));
    cache.purge("guide");
    const after = cache.once("k", "guide", async () => page("after"));
    expect((await before).html).toBe("before");
    expect((await after).html).toBe("after");
  });

  it("drops a page whose refresh says it may no longer be shared, or fails", async () => {
    const onError = vi.fn();
    const cache = createRenderCache(1000, onError);
    cache.set("a", "guide", page("public"), cache.begin());
    cache.set("b", "guide", page("public"), cache.begin());
    clock = 1100;
    cache.get("a", 0, async () => null);
    cache.get("b", 0, async () => Promise.reject(new Error("database down")));
    await settle();
    expect(cache.get("a", 0)).toBeNull();
    expect(cache.get("b", 0)).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("drops what a background render that began before a purge brings back (a passcode set meanwhile)", async () => {
    const cache = createRenderCache(1000);
    cache.set("k", "guide", page("before"), cache.begin());
    let finish: (p: RenderedGuide) => void = () => undefined;
    clock = 1100;
    cache.get("k", 0, () => new Promise<RenderedGuide>((resolve) => (finish = resolve)).then(revalidated));
    cache.purge("guide");
    finish(page("rendered before the purge"));
    await settle();
    expect(cache.get("k", 0)).toBeNull();
    cache.set("k", "guide", page("after"), cache.begin());
    expect(cache.get("k", 0)?.html).toBe("after");
  });

  it("is off with a ttl of 0", () => {
    const cache = createRenderCache(0);
    cache.set("k", "guide", page("x"), cache.begin());
    expect(cache.get("k", 0)).toBeNull();
  });

  it("does not serve a page from its hints' `until` on, and an account's purge drops its pages and unknown ones", () => {
    const cache = createRenderCache(60_000);
    cache.set("trial", "p1", page("live"), cache.begin(), { accountId: "a1", until: 5_000 });
    expect(cache.get("trial", 4_999)?.html).toBe("live");
    expect(cache.get("trial", 5_000)).toBeNull();

    cache.set("p1", "p1", page("one"), cache.begin(), { accountId: "a1" });
    cache.set("p2", "p2", page("two"), cache.begin(), { accountId: "a2" });
    cache.set("gone", "p3", page("not found"), cache.begin());
    const started = cache.begin();
    cache.purge("account:a1");
    expect(cache.get("p1", 0)).toBeNull();
    expect(cache.get("gone", 0)).toBeNull();
    expect(cache.get("p2", 0)?.html).toBe("two");
    // A render begun before the account's purge brings back what it read before: dropped.
    cache.set("p1", "p1", page("stale"), started, { accountId: "a1" });
    expect(cache.get("p1", 0)).toBeNull();
  });
});
