import type { AppContext } from "../../app-context.ts";
import { PLACES_RATE_LIMIT } from "../../env.ts";
import type { PlaceDetails } from "../../providers/places/places-provider.ts";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { createLookupCache } from "./lookup-cache.ts";

// One cache per process for the lookups other features make through the provider (IMPL-25): a host who adds
// a place, removes it and adds it again asks once. Keyed by the provider's id, which is the same for everyone.
const caches = new WeakMap<AppContext, ReturnType<typeof createLookupCache>>();
const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = createLookupCache({ ttlMs: 30 * 60_000, maxEntries: 5000 })));
  return cache;
};

/** Counts one provider lookup against the account's places limit (429 past it). */
export async function limitPlacesLookup(ctx: AppContext, accountId: string): Promise<void> {
  await ctx.rateLimiter.consume("places", accountId, ctx.config.rateLimits.places ?? PLACES_RATE_LIMIT);
}

/** A recommended place's details from the provider (LOCAL-09), limited per account and cached. */
export async function lookupPlaceDetails(
  ctx: AppContext,
  accountId: string,
  placeId: string,
): Promise<PlaceDetails | null> {
  await limitPlacesLookup(ctx, accountId);
  return cacheOf(ctx).get(`place:${placeId}`, () => ctx.places.placeDetails(placeId));
}

/** A town's or address's details from the provider (LOCAL-17, SETUP-08), limited per account and cached. */
export async function lookupAddress(
  ctx: AppContext,
  accountId: string,
  placeId: string,
): Promise<PropertyAddress | null> {
  await limitPlacesLookup(ctx, accountId);
  return cacheOf(ctx).get(`address:${placeId}`, () => ctx.places.details(placeId));
}
