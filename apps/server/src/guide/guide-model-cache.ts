import type { GuidePage } from "./guide.service.ts";

interface Entry {
  at: number;
  propertyId: string;
  page: Promise<GuidePage>;
}

/**
 * The property's guide model for stays' guides (decision 042): every stay of a property shares it, so a stay
 * page costs its own parts and a render, not the guide's reads. Like the render cache (decision 013) it lives
 * ttlMs (GUIDE_RENDER_CACHE_MS, 0 in tests: off), is bounded, and a purge of the guide (passcode, publish,
 * delete, on any instance through the broadcast) drops it at once, a load under way included.
 */
export function createGuideModelCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, Entry>();
  return {
    load(key: string, propertyId: string, make: () => Promise<GuidePage>): Promise<GuidePage> {
      if (ttlMs <= 0) return make();
      const hit = entries.get(key);
      if (hit && performance.now() - hit.at <= ttlMs) return hit.page;
      if (entries.size >= maxEntries) entries.clear();
      const entry: Entry = { at: performance.now(), propertyId, page: make() };
      entries.set(key, entry);
      entry.page.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.page;
    },
    purge(propertyId: string) {
      for (const [key, entry] of entries) if (entry.propertyId === propertyId) entries.delete(key);
    },
  };
}
