import { purgedAccount } from "../lib/guide-purge.ts";
import type { RenderedGuide } from "./guide-render.tsx";

/** What the cache knows of a page beside its bytes (decision 059). */
export interface PageHints {
  /** The guide's account: an "account:{id}" purge drops its pages. */
  accountId?: string;
  /** When the clock alone changes the page (ms since the epoch): it is not served from then on. */
  until?: number;
}

/** A revalidation's answer: the page (the current one when nothing changed) and its hints. */
export interface Revalidated {
  page: RenderedGuide;
  hints: PageHints;
}

interface Entry {
  at: number;
  propertyId: string;
  page: RenderedGuide;
  hints: PageHints;
  /** The background revalidation under way, if any. */
  refreshing: Promise<Revalidated | null> | null;
}

/**
 * How many ttls a page may go unrevalidated before it is no longer served: a guide nobody read for that long is
 * rendered again for its next reader rather than shown once from long ago.
 */
const COLD_AFTER_TTLS = 10;

/**
 * The in-process cache of public guide pages (no passcode, no preview): a QR code on a busy fridge door must
 * not cost a render, or a database read, per guest. Caches only (docs/architecture.md §1: nothing else lives in
 * one process), bounded, and off when ttlMs is 0 (tests). Entries hold the page's bytes ready in every encoding.
 *
 * A cached page is always served at once (decision 047): no request waits for a render or for the database
 * while a page is cached. What changes a page (decision 059):
 * - **Writes** purge: every write that changes what a guide shows drops the guide's entries (or its account's:
 *   "account:{id}") on every instance (`purge`, from the broadcast). A render that began before the purge — a
 *   request's or a revalidation's — may finish after it with the old data, so `set` takes the stamp `begin()`
 *   gave when the render started and drops a page older than the purge.
 * - **The clock**: a page whose hints carry `until` (a trial ending) is not served from then on (`get`'s nowMs,
 *   the app's clock): that request renders.
 * - **A safety net**: a page older than ttlMs (GUIDE_RENDER_CACHE_MS, 5 minutes) that is read starts one
 *   `refresh` in the background, and the guests reading meanwhile get the page as it is. `refresh` is given the
 *   current page and answers it again when nothing changed (no render, no compression), or null when the page
 *   may no longer be shared. It catches a write that forgot to purge; nothing relies on it.
 * - A page nobody read for COLD_AFTER_TTLS ttls is dropped at its next read: that read renders (once, however
 *   many arrive together: `once`).
 */
export function createRenderCache(
  ttlMs: number,
  onError: (error: unknown) => void = () => undefined,
  maxEntries = 2000,
) {
  const entries = new Map<string, Entry>();
  /** Renders of pages not cached, one per key, awaited by every request for that key meanwhile. */
  const inflight = new Map<string, { propertyId: string; running: Promise<RenderedGuide> }>();
  /** Purge sequence: the last purge of each property, and below `floor` every render counts as stale. */
  let sequence = 0;
  let floor = 0;
  const purgedAt = new Map<string, number>();

  function set(key: string, propertyId: string, page: RenderedGuide, startedAt: number, hints: PageHints = {}) {
    if (ttlMs <= 0) return;
    if (startedAt < floor || (purgedAt.get(propertyId) ?? 0) > startedAt) return;
    // Compressed once here, off the hot path of every later request.
    page.body.get("br");
    page.body.get("gzip");
    if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
    entries.set(key, { at: performance.now(), propertyId, page, hints, refreshing: null });
  }

  return {
    get(
      key: string,
      nowMs: number,
      refresh?: (current: RenderedGuide) => Promise<Revalidated | null>,
    ): RenderedGuide | null {
      if (ttlMs <= 0) return null;
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.hints.until !== undefined && nowMs >= hit.hints.until) {
        entries.delete(key);
        return null;
      }
      const age = performance.now() - hit.at;
      if (hit.refreshing) return hit.page;
      if (age > ttlMs * COLD_AFTER_TTLS) {
        entries.delete(key);
        return null;
      }
      if (refresh && age > ttlMs) {
        const startedAt = sequence;
        const dropIfCurrent = () => {
          if (entries.get(key) === hit) entries.delete(key);
        };
        hit.refreshing = refresh(hit.page).then(
          (result) => {
            if (result) set(key, hit.propertyId, result.page, startedAt, result.hints);
            else dropIfCurrent();
            return result;
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
    /**
     * One render of a page not cached, shared by every request for `key` that arrives before it ends (a purge
     * or a cold page meets a crowd: one database read and one render, not one each).
     */
    once(key: string, propertyId: string, render: () => Promise<RenderedGuide>): Promise<RenderedGuide> {
      if (ttlMs <= 0) return render();
      const current = inflight.get(key);
      if (current) return current.running;
      const entry = {
        propertyId,
        running: render().finally(() => {
          if (inflight.get(key) === entry) inflight.delete(key);
        }),
      };
      inflight.set(key, entry);
      return entry.running;
    },
    /** The stamp to pass to `set` for a render starting now. */
    begin(): number {
      return sequence;
    },
    set,
    /**
     * Drops every cached page of one guide (every language and address form) and any render still running; or,
     * for "account:{id}", every page of the account's guides, with the pages of no guide (not found) and every
     * render still running (a render's account is known when it ends).
     */
    purge(message: string) {
      sequence++;
      const account = purgedAccount(message);
      if (account !== null) {
        // Every render running now is stale: raise the floor, as for a full table of purges.
        purgedAt.clear();
        floor = sequence;
        for (const [key, entry] of entries)
          if (entry.hints.accountId === account || entry.hints.accountId === undefined) entries.delete(key);
        inflight.clear();
        return;
      }
      const propertyId = message;
      if (purgedAt.size >= maxEntries) {
        purgedAt.clear();
        floor = sequence;
      }
      purgedAt.set(propertyId, sequence);
      for (const [key, entry] of entries) if (entry.propertyId === propertyId) entries.delete(key);
      // A shared render begun before the purge must not answer the requests that arrive after it.
      for (const [key, entry] of inflight) if (entry.propertyId === propertyId) inflight.delete(key);
    },
  };
}
