import type { RenderedGuide } from "./guide-render.tsx";

export interface CachedStayPage {
  page: RenderedGuide;
  stayId: string;
  accountId: string;
  propertyId: string;
}

interface Entry extends CachedStayPage {
  at: number;
  /** The next change of the stay's phase (ms since the epoch): the page is not served from then on. */
  until: number;
}

/**
 * A stay's rendered page, for at most ttlMs (GUIDE_RENDER_CACHE_MS; 0 in tests: off) and never past the stay's
 * next phase change, keyed by the token's hash and language (decision 042): a guest reloading, or a family
 * opening one link on four phones, costs a lookup here. A purge — the stay changed, its link was replaced, the
 * account's reveal settings or the guide changed, on any instance through the broadcast — drops it at once, and
 * a render that began before any purge is not stored after it.
 */
export function createStayPageCache(ttlMs: number, maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  let sequence = 0;
  const drop = (match: (e: Entry) => boolean) => {
    sequence++;
    for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
  };
  return {
    get(key: string, nowMs: number): CachedStayPage | null {
      const hit = entries.get(key);
      if (!hit) return null;
      if (performance.now() - hit.at > ttlMs || nowMs >= hit.until) {
        entries.delete(key);
        return null;
      }
      return hit;
    },
    begin: () => sequence,
    set(key: string, value: CachedStayPage, until: number, startedAt: number) {
      if (ttlMs <= 0 || startedAt !== sequence) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { ...value, at: performance.now(), until });
    },
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
