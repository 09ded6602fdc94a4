import type { OrderDto } from "@doorstep/shared/schemas/store";
import type { AppContext, Caller } from "../../app-context.ts";
import { recordActivity } from "../audit/audit.service.ts";
import type { OrderRow } from "./store.repository.ts";

/**
 * A host's decision on an order, on the activity log (decision 058): which order, its guest, and a refund's
 * amount. What no person decided (a deadline's decline, an instant confirmation) is not an activity.
 */
export async function recordOrderActivity(
  ctx: AppContext,
  caller: Caller,
  order: OrderRow,
  dto: OrderDto,
  action: "approved" | "declined" | "refunded",
  refund?: number,
): Promise<void> {
  await recordActivity(ctx, caller, {
    kind: "store-order",
    ...(dto.propertyId ? { property: { id: order.propertyId, propertyId: dto.propertyId } } : {}),
    details: {
      action,
      orderId: order.id,
      title: order.title,
      guest: dto.guestName,
      ...(refund === undefined ? {} : { amount: refund, currency: order.currency }),
    },
  });
}
