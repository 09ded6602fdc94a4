import type { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../app-context.ts";
import { purgeGuideCache } from "../lib/guide-purge.ts";
import { propertyRowOf, updateProperty } from "../features/properties/property.service.ts";
import { recordActivity } from "../features/audit/audit.service.ts";
import { fillZonesFromPins } from "../features/properties/property-stays.service.ts";
import { recomputeStayInstants } from "../features/stays/stays.service.ts";
import { inTransaction } from "./transaction.ts";

/**
 * PATCH /api/properties/:id: the edit, and when it moved the property's time zone (chosen, or from a new pin)
 * its stays' instants, in one transaction (decision 040); the guide's cached pages go once it commits.
 */
export async function updatePropertyAndStays(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  input: UpdatePropertyRequest,
): Promise<void> {
  const effects = await inTransaction(ctx, async (tx) => {
    const done = await updateProperty(tx, caller, propertyId, input);
    if (done.timeZoneChanged)
      await recomputeStayInstants(tx, done.timeZoneChanged.propertyRowId, done.timeZoneChanged.timeZone);
    return done;
  });
  if (effects.purgeGuide) await purgeGuideCache(ctx, propertyId);
  // Decision 058: which settings changed, never their values; publishing is its own kind of change.
  const property = await propertyRowOf(ctx, caller.accountId, propertyId);
  if (!property) return;
  const { published, ...settings } = input;
  const where = { id: property.id, propertyId };
  if (published !== undefined) {
    await recordActivity(ctx, caller, { kind: "publishing", property: where, details: { published } });
  }
  const fields = Object.keys(settings);
  if (fields.length > 0)
    await recordActivity(ctx, caller, { kind: "property-settings", property: where, details: { fields } });
}

/**
 * The "property-time-zones" job: properties from before zones existed that have a pin take the zone at their
 * pin (SQL cannot run the lookup, so the migration gave them their account's), their stays following.
 */
export async function fillPropertyZonesFromPins(ctx: AppContext): Promise<number> {
  let moved = 0;
  for (;;) {
    const done = await inTransaction(ctx, async (tx) => {
      const batch = await fillZonesFromPins(tx, 100);
      for (const property of batch.moved) await recomputeStayInstants(tx, property.id, property.timeZone);
      return batch;
    });
    moved += done.moved.length;
    if (done.seen < 100) return moved;
  }
}
