import type { AppContext } from "../../app-context.ts";
import { getGuideProperty } from "../properties/property-guide.service.ts";

/** How long a guide's owner and liveness are remembered between reports. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface LiveProperty {
  accountId: string;
  /** The property's internal id. */
  id: string;
}

// One cache per running app (tests build several apps in one process).
const caches = new WeakMap<AppContext, Map<string, { at: number; owner: LiveProperty | null }>>();

/**
 * The owner of a live guide by its public weblink, or null (unknown, archived or inactive), remembered for
 * 30 s so a burst of section beacons costs one read. A guide switched off may still have sections counted
 * for that long, for sessions its last visits opened; visits themselves check the guide every time.
 */
export async function findLiveProperty(ctx: AppContext, propertyId: string): Promise<LiveProperty | null> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  const now = Date.now();
  const known = cache.get(propertyId);
  if (known && now - known.at < TTL_MS) return known.owner;
  const record = await getGuideProperty(ctx, propertyId);
  const owner = record?.live ? { accountId: record.property.accountId, id: record.property.id } : null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(propertyId, { at: now, owner });
  return owner;
}
