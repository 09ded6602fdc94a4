import type { RenderedGuide } from "./guide-render.tsx";

/**
 * A very short-lived in-process cache of public guide pages (no passcode, no preview): a QR code on a
 * busy fridge door should not cost a render each time. Caches only (docs/architecture.md §1: nothing else lives
 * in one process), bounded, and off when ttlMs is 0 (tests).
 *
 * A change that must not be outlived by a cached page purges the guide's entries (`purge`, from the
 * broadcast on every instance). A render that began before the purge may finish after it with the old data,
 * so `set` takes the stamp `begin()` gave when the render started and drops a page older than the purge.
 */
export function createRenderCache(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, { at: number; propertyId: string; page: RenderedGuide }>();
  /** Purge sequence: the last purge of each property, and below `floor` every render counts as stale. */
  let sequence = 0;
  let floor = 0;
  const purgedAt = new Map<string, number>();
  return {
    get(key: string): RenderedGuide | null {
      if (ttlMs <= 0) return null;
      const hit = entries.get(key);
      if (!hit) return null;
      if (performance.now() - hit.at > ttlMs) {
        entries.delete(key);
        return null;
      }
      return hit.page;
    },
    /** The stamp to pass to `set` for a render starting now. */
    begin(): number {
      return sequence;
    },
    set(key: string, propertyId: string, page: RenderedGuide, startedAt: number) {
      if (ttlMs <= 0) return;
      if (startedAt < floor || (purgedAt.get(propertyId) ?? 0) > startedAt) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: performance.now(), propertyId, page });
    },
    /** Drops every cached page of one guide (every language and address form) and any render still running. */
    purge(propertyId: string) {
      sequence++;
      if (purgedAt.size >= maxEntries) {
        purgedAt.clear();
        floor = sequence;
      }
      purgedAt.set(propertyId, sequence);
      for (const [key, entry] of entries) if (entry.propertyId === propertyId) entries.delete(key);
    },
  };
}
