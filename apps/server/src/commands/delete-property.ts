import type { AppContext, Caller } from "../app-context.ts";
import { purgeGuideCache } from "../lib/guide-purge.ts";
import { syncBilledQuantity } from "../features/billing/billed-quantity.service.ts";
import { archiveProperty } from "../features/properties/property.service.ts";
import { inTransaction } from "./transaction.ts";

/**
 * DELETE /api/properties/:id (PROP-27, OPEN-39): archived with the account's messaging status in one
 * transaction; once committed, no cached page of the guide outlives it and it is no longer billed (IMPL-15).
 */
export async function deleteBilledProperty(ctx: AppContext, caller: Caller, propertyId: string): Promise<void> {
  await inTransaction(ctx, (tx) => archiveProperty(tx, caller, propertyId));
  await purgeGuideCache(ctx, propertyId);
  await syncBilledQuantity(ctx, caller.accountId); // never throws
}
