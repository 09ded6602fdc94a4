import type { RenderedGuide } from "./guide-render.tsx";

interface Entry {
  at: number;
  propertyId: string;
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
 * It is given the current page, which it may answer again when nothing changed (no render, no compression).
 *
 * A change that must not be outlived by a cached page purges the guide's entries (`purge`, from the
 * broadcast on every instance). A render that began before the purge — a request's or a background
 * refresh's — may finish after it with the old data, so `set` takes the stamp `begin()` gave when the render
 * started and drops a page older than the purge.
 */
export function createRenderCache(
  ttlMs: number,
  onError: (error: unknown) => void = () => undefined,
  maxEntries = 2000,
) {
  const entries = new Map<string, Entry>();
  /** Purge sequence: the last purge of each property, and below `floor` every render counts as stale. */
  let sequence = 0;
  let floor = 0;
  const purgedAt = new Map<string, number>();

  function set(key: string, propertyId: string, page: RenderedGuide, startedAt: number) {
    if (ttlMs <= 0) return;
    if (startedAt < floor || (purgedAt.get(propertyId) ?? 0) > startedAt) return;
    // Compressed once here, off the hot path of every later request.
    page.body.get("br");
    page.body.get("gzip");
    if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
    entries.set(key, { at: performance.now(), propertyId, page, refreshing: null });
  }

  return {
    get(key: string, refresh?: (current: RenderedGuide) => Promise<RenderedGuide | null>): RenderedGuide | null {
      if (ttlMs <= 0) return null;
      const hit = entries.get(key);
      if (!hit) return null;
      const age = performance.now() - hit.at;
      if (age > ttlMs) {
        if (!hit.refreshing) entries.delete(key);
        return null;
      }
      if (refresh && age > ttlMs / 2 && !hit.refreshing) {
        const startedAt = sequence;
        const dropIfCurrent = () => {
          if (entries.get(key) === hit) entries.delete(key);
        };
        hit.refreshing = refresh(hit.page).then(
          (page) => {
            if (page) set(key, hit.propertyId, page, startedAt);
            else dropIfCurrent();
            return page;
          },
          (error: unknown) => {
            dropIfCurrent();
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
    /** The stamp to pass to `set` for a render starting now. */
    begin(): number {
      return sequence;
    },
    set,
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
