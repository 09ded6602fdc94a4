import type { RenderedGuide } from "./guide-render.tsx";

export interface CachedStayPage {
  /** The page as sent: the render with the stay headers. */
  page: RenderedGuide;
  /** The render it came from, given back to `renderGuide` so an unchanged model keeps its page (decision 025). */
  rendered: RenderedGuide;
  stayId: string;
  accountId: string;
  propertyId: string;
  /** The next change of the stay's phase (ms since the epoch): the page is not served from then on. */
  until: number;
}

interface Entry extends CachedStayPage {
  at: number;
  refreshing: Promise<CachedStayPage | null> | null;
}

/** A page nobody read for this many ttls is rendered again for its next reader rather than revalidated. */
const COLD_AFTER_TTLS = 10;

/**
 * A stay's rendered page, keyed by the token's hash and language (decision 042), served at once and never past
 * the stay's next phase change (the reveal, the end: that request renders the page of the new phase) nor past its
 * guide's `until` (a trial ending). Every stay or guide change purges it on every instance (decisions 042, 059:
 * the stay's, the property's or the account's), and a render that began before any purge is not stored after it.
 * Like the guide's pages (decision 047), a page older than ttlMs (GUIDE_RENDER_CACHE_MS, the 5-minute safety net;
 * 0 in tests: off) is revalidated in the background — the stay read again by its token's hash, the property's
 * model from its cache — while the guests reading meanwhile get the page as it is.
 */
export function createStayPageCache(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  let sequence = 0;
  const drop = (match: (e: Entry) => boolean) => {
    sequence++;
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
  };
  function set(key: string, value: CachedStayPage, startedAt: number) {
    if (ttlMs <= 0 || startedAt !== sequence) return;
    if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
    entries.set(key, { ...value, at: performance.now(), refreshing: null });
  }
  return {
    get(
      key: string,
      nowMs: number,
      refresh?: (current: CachedStayPage) => Promise<CachedStayPage | null>,
    ): CachedStayPage | null {
      const hit = entries.get(key);
      if (!hit) return null;
      if (nowMs >= hit.until) {
        entries.delete(key);
        return null;
      }
      if (hit.refreshing) return hit;
      const age = performance.now() - hit.at;
      if (age > ttlMs * COLD_AFTER_TTLS) {
        entries.delete(key);
        return null;
      }
      if (refresh && age > ttlMs) {
        const startedAt = sequence;
        const dropIfCurrent = () => {
          if (entries.get(key) === hit) entries.delete(key);
        };
        hit.refreshing = refresh(hit).then(
          (value) => {
            if (value) set(key, value, startedAt);
            else dropIfCurrent();
            return value;
          },
          () => {
            dropIfCurrent();
            return null;
          },
        );
      }
      return hit;
    },
    begin: () => sequence,
    set,
    /** A stay's id, or "account:{id}" for all of an account's stays. */
    purge(message: string) {
      const account = message.startsWith("account:") ? message.slice("account:".length) : null;
      drop((e) => (account ? e.accountId === account : e.stayId === message));
    },
    purgeProperty(propertyId: string) {
      drop((e) => e.propertyId === propertyId);
    },
  };
}

/**
 * Openings of stay links counted in memory and written once a second (one UPDATE per stay, not per request).
 * A crash loses at most a second of counts, which only the "Opened … times" line reads.
 */
export function createOpenCounter(
  write: (stayId: string, times: number, at: Date) => Promise<void>,
  onError: (e: unknown) => void,
) {
  let pending = new Map<string, { times: number; at: Date }>();
  const flush = async () => {
    const batch = pending;
    pending = new Map();
    for (const [stayId, { times, at }] of batch) await write(stayId, times, at).catch(onError);
  };
  const timer = setInterval(() => void flush(), 1000);
  timer.unref();
  return {
    add(stayId: string, at: Date) {
      const current = pending.get(stayId);
      pending.set(stayId, { times: (current?.times ?? 0) + 1, at });
    },
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
