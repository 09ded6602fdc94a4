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
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the guide render cache (decision 013)", () => {
  it("serves a page with its compressed forms ready, and never after ttl", () => {
    const cache = createRenderCache(1000);
    const first = page("<p>one</p>".repeat(200));
    cache.set("k", "guide", first, cache.begin());
    expect(cache.get("k")).toBe(first);
    // Compressed at store time: the same buffer every time.
    expect(first.body.get("gzip")).toBe(first.body.get("gzip"));
    clock = 1001;
    expect(cache.get("k")).toBeNull();
  });

  it("from half the ttl, answers from the cache and renders once in the background", async () => {
    const cache = createRenderCache(1000);
    cache.set("k", "guide", page("old"), cache.begin());
    const refresh = vi.fn(async () => page("new"));
    clock = 400;
    expect(cache.get("k", refresh)?.html).toBe("old");
    expect(refresh).not.toHaveBeenCalled();
    clock = 600;
    expect(cache.get("k", refresh)?.html).toBe("old");
    expect(cache.get("k", refresh)?.html).toBe("old");
    expect(refresh).toHaveBeenCalledTimes(1);
    await settle();
    expect(cache.get("k", refresh)?.html).toBe("new");
  });

  it("past the ttl, a request waits for the render under way instead of starting its own", async () => {
    const cache = createRenderCache(1000);
    cache.set("k", "guide", page("old"), cache.begin());
    let finish: (p: RenderedGuide) => void = () => undefined;
    clock = 600;
    cache.get("k", () => new Promise((resolve) => (finish = resolve)));
    clock = 1100;
    expect(cache.get("k")).toBeNull();
    const waiting = cache.pending("k");
    finish(page("new"));
    expect((await waiting)?.html).toBe("new");
    expect(cache.get("k")?.html).toBe("new");
    expect(cache.pending("k")).toBeNull();
  });

  it("drops a page whose refresh says it may no longer be shared, or fails", async () => {
    const onError = vi.fn();
    const cache = createRenderCache(1000, onError);
    cache.set("a", "guide", page("public"), cache.begin());
    cache.set("b", "guide", page("public"), cache.begin());
    clock = 600;
    cache.get("a", async () => null);
    cache.get("b", async () => Promise.reject(new Error("database down")));
    await settle();
    expect(cache.get("a")).toBeNull();
    expect(cache.get("b")).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("drops what a background render that began before a purge brings back (a passcode set meanwhile)", async () => {
    const cache = createRenderCache(1000);
    cache.set("k", "guide", page("before"), cache.begin());
    let finish: (p: RenderedGuide) => void = () => undefined;
    clock = 600;
    cache.get("k", () => new Promise((resolve) => (finish = resolve)));
    cache.purge("guide");
    finish(page("rendered before the purge"));
    await settle();
    expect(cache.get("k")).toBeNull();
    cache.set("k", "guide", page("after"), cache.begin());
    expect(cache.get("k")?.html).toBe("after");
  });

  it("is off with a ttl of 0", () => {
    const cache = createRenderCache(0);
    cache.set("k", "guide", page("x"), cache.begin());
    expect(cache.get("k")).toBeNull();
  });
});
