/**
 * A small in-process cache for address and what3words lookups (IMPL-25): a host typing, pausing and
 * re-typing, or reopening an item, asks the same questions again within minutes. Entries live `ttlMs`;
 * past `maxEntries` the oldest goes first. Per instance only, which docs/architecture.md §1 allows for caches.
 */
export function createLookupCache(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
  return {
    /** The cached answer for `key`, or `load()`'s; a failed load is not kept, so the next call tries again. */
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > t) return hit.value as Promise<T>;
      entries.delete(key);
      const value = load();
      entries.set(key, { value, expiresAt: t + ttlMs });
      value.catch(() => entries.delete(key));
      // Maps iterate in insertion order: the first key is the oldest.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
