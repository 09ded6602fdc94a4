import { describe, expect, it } from "vitest";
import type { GuidePage } from "./guide.service.ts";
import { createGuideModelCache } from "./guide-model-cache.ts";

const page = (title: string) => ({ model: { title }, personal: true, protectedContent: false }) as unknown as GuidePage;

describe("the guide model cache of stays' guides (decision 042)", () => {
  it("shares one load per property and language until a purge of that property drops it", async () => {
    const cache = createGuideModelCache(60_000);
    let loads = 0;
    const make = (title: string) => () => {
      loads++;
      return Promise.resolve(page(title));
    };
    expect((await cache.load("a|en", "a", 0, make("A1"))).model.title).toBe("A1");
    expect((await cache.load("a|en", "a", 0, make("A2"))).model.title).toBe("A1");
    expect((await cache.load("b|en", "b", 0, make("B1"))).model.title).toBe("B1");
    expect(loads).toBe(2);
    cache.purge("a");
    expect((await cache.load("a|en", "a", 0, make("A3"))).model.title).toBe("A3");
    expect((await cache.load("b|en", "b", 0, make("B2"))).model.title).toBe("B1");
  });

  it("keeps nothing when off (ttl 0) and forgets a failed load", async () => {
    const off = createGuideModelCache(0);
    await off.load("a|en", "a", 0, () => Promise.resolve(page("A1")));
    expect((await off.load("a|en", "a", 0, () => Promise.resolve(page("A2")))).model.title).toBe("A2");
    const on = createGuideModelCache(60_000);
    await expect(on.load("a|en", "a", 0, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await on.load("a|en", "a", 0, () => Promise.resolve(page("A4")))).model.title).toBe("A4");
  });
});
