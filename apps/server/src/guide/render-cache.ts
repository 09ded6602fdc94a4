import type { RenderedGuide } from "./guide-render.tsx";

/**
 * A very short-lived in-process cache of public guide pages (no passcode, no preview): a QR code on a
 * busy fridge door should not cost a render each time. Caches only (docs/architecture.md §1: nothing else lives
 * in one process), bounded, and off when ttlMs is 0 (tests).
 */
export function createRenderCache(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, { at: number; page: RenderedGuide }>();
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
    set(key: string, page: RenderedGuide) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: performance.now(), page });
    },
  };
}
