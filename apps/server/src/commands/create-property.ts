import type { CreatePropertyRequest, PropertyDto } from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../app-context.ts";
import { syncBilledQuantity } from "../features/billing/billed-quantity.service.ts";
import { createProperty } from "../features/properties/property.service.ts";
import { inTransaction } from "./transaction.ts";

/**
 * POST /api/properties (PROP-12): the property (and the account's first manager, if it is the first) in one
 * transaction, then the billed quantity follows it (IMPL-15).
 */
export async function createBilledProperty(
  ctx: AppContext,
  caller: Caller,
  input: CreatePropertyRequest,
): Promise<PropertyDto> {
  const property = await inTransaction(ctx, (tx) => createProperty(tx, caller, input));
  await syncBilledQuantity(ctx, caller.accountId); // never throws
  return property;
}
