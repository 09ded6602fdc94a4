import { purgedAccount } from "../lib/guide-purge.ts";
import type { GuidePage } from "./guide.service.ts";

interface Entry {
  at: number;
  propertyId: string;
  /** Known once the load ends. */
  accountId?: string;
  /** The page's `until`, once known: not served from then on. */
  until?: number;
  page: Promise<GuidePage>;
}

/**
 * The property's guide model for stays' guides (decision 042): every stay of a property shares it, so a stay
 * page costs its own parts and a render, not the guide's reads. It lives ttlMs (GUIDE_RENDER_CACHE_MS, the
 * safety net; 0 in tests: off), is bounded, is not used from its `until` on (a trial ending), and a purge of the
 * guide or of its account (every write that changes it, on any instance through the broadcast; decision 059)
 * drops it at once, a load under way included.
 */
export function createGuideModelCache(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, Entry>();
  return {
    load(key: string, propertyId: string, nowMs: number, make: () => Promise<GuidePage>): Promise<GuidePage> {
      if (ttlMs <= 0) return make();
      const hit = entries.get(key);
      if (hit && performance.now() - hit.at <= ttlMs && !(hit.until !== undefined && nowMs >= hit.until))
        return hit.page;
      if (entries.size >= maxEntries) entries.clear();
      const entry: Entry = { at: performance.now(), propertyId, page: make() };
      entries.set(key, entry);
      entry.page.then(
        (page) => {
          entry.accountId = page.accountId;
          entry.until = page.until;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.page;
    },
    /** A property's public id, or "account:{id}" (which also drops the loads still under way). */
    purge(message: string) {
      const account = purgedAccount(message);
      for (const [key, entry] of entries)
        if (account === null ? entry.propertyId === message : entry.accountId === account || !entry.accountId)
          entries.delete(key);
    },
  };
}
