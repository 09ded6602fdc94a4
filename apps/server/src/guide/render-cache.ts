import type { RenderedGuide } from "./guide-render.tsx";

interface Entry {
  at: number;
  page: RenderedGuide;
  /** The background render under way, which a request arriving after ttlMs waits for instead of its own. */
  refreshing: Promise<RenderedGuide | null> | null;
}

/**
 * A short-lived in-process cache of public guide pages (no passcode, no preview): a QR code on a busy fridge
 * door should not cost a render each time. Caches only (docs/architecture.md §1: nothing else lives in one
 * process), bounded, and off when ttlMs is 0 (tests). Entries hold the page's bytes ready in every encoding.
 *
 * Refresh-ahead (decision 013): a page is served for at most ttlMs after its render, as before; from half that
 * age the first request starts one render in the background and is answered from the cache meanwhile, so a
 * guide in steady use never makes a guest wait for a render (or for the database) and is never older than
 * ttlMs. `refresh` answers null when the page may no longer be shared (it became protected): it is dropped.
 */
export function createRenderCache(
  ttlMs: number,
  onError: (error: unknown) => void = () => undefined,
  maxEntries = 2000,
) {
  const entries = new Map<string, Entry>();

  function set(key: string, page: RenderedGuide) {
    if (ttlMs <= 0) return;
    // Compressed once here, off the hot path of every later request.
    page.body.get("br");
    page.body.get("gzip");
    if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
    entries.set(key, { at: performance.now(), page, refreshing: null });
  }

  return {
    get(key: string, refresh?: () => Promise<RenderedGuide | null>): RenderedGuide | null {
      if (ttlMs <= 0) return null;
      const hit = entries.get(key);
      if (!hit) return null;
      const age = performance.now() - hit.at;
      if (age > ttlMs) {
        if (!hit.refreshing) entries.delete(key);
        return null;
      }
      if (refresh && age > ttlMs / 2 && !hit.refreshing) {
        hit.refreshing = refresh().then(
          (page) => {
            if (page) set(key, page);
            else entries.delete(key);
            return page;
          },
          (error: unknown) => {
            entries.delete(key);
            onError(error);
            return null;
          },
        );
      }
      return hit.page;
    },
    /** A render of key already under way (its page past ttlMs): wait for it rather than render again. */
    pending(key: string): Promise<RenderedGuide | null> | null {
      return entries.get(key)?.refreshing ?? null;
    },
    set,
  };
}
