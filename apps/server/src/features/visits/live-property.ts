import type { AppContext } from "../../app-context.ts";
import { GUIDE_PURGE_CHANNEL } from "../../lib/guide-purge.ts";
import { getGuideProperty } from "../properties/property-guide.service.ts";

/** How long a guide's owner and liveness are remembered between reports. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface LiveProperty {
  accountId: string;
  /** The property's internal id. */
  id: string;
}

type Cache = Map<string, { at: number; owner: LiveProperty | null }>;

// One cache per running app (tests build several apps in one process).
const caches = new WeakMap<AppContext, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created: Cache = new Map();
    // A passcode, unpublish, deactivation or delete (on any instance) is heard at once, as the guide's
    // page cache hears it: reports stop counting when the guide goes offline, not up to 30 s later.
    ctx.broadcast.subscribe(GUIDE_PURGE_CHANNEL, (propertyId) => created.delete(propertyId));
    caches.set(ctx, (cache = created));
  }
  return cache;
}

/**
 * The owner of a live guide by its public weblink, or null (unknown, archived or inactive), remembered for
 * 30 s so a burst of visits and section beacons costs one read. A change that takes a guide offline drops it
 * from the cache at once (the guide-purge broadcast); a guide that lapses by the clock alone (a trial or
 * subscription ending) may have reports counted for up to 30 s more.
 */
export async function findLiveProperty(ctx: AppContext, propertyId: string): Promise<LiveProperty | null> {
  const cache = cacheOf(ctx);
  const now = Date.now();
  const known = cache.get(propertyId);
  if (known && now - known.at < TTL_MS) return known.owner;
  const record = await getGuideProperty(ctx, propertyId);
  const owner = record?.live ? { accountId: record.property.accountId, id: record.property.id } : null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(propertyId, { at: now, owner });
  return owner;
}
