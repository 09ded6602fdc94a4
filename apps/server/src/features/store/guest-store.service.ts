import type { z } from "zod";
import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import type { GuestOrderRequest, GuestStoreResponse } from "@doorstep/shared/schemas/store";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { sanitizeRichText } from "../../lib/sanitize.ts";
import { fileUrl } from "../../lib/urls.ts";
import { findStayByLinkToken } from "../stays/stay-links.service.ts";
import type { Stay } from "../stays/stays.service.ts";
import { findMasterUser } from "../users/user.service.ts";
import { multiplierOf, slotFits, slotInstant, stayOver } from "./order-rules.ts";
import { offerText, zonedLabel } from "./store-order-effects.ts";
import { adjacentNightTaken, placeGuestOrder, toGuestOrderDto } from "./store-orders.service.ts";
import { listActiveOffersFor, listStayOrders } from "./store.repository.ts";
import { getStoreSettings, storeReady } from "./store-settings.service.ts";

/**
 * The stay a guest's token opens for the store: unknown tokens count against the address as on `/s/`, and a
 * cancelled stay shows nothing (the same "no longer active" 404 as its guide's JSON).
 */
export async function requireStoreStay(ctx: AppContext, token: string, ip: string): Promise<Stay> {
  const found = await findStayByLinkToken(ctx, token);
  if (!found) {
    await ctx.rateLimiter.consume("stay-link-miss", ip, ctx.config.guide.stayLinkMisses);
    throw new AppError("STAY_LINK_INACTIVE");
  }
  if (found.stay.status === "cancelled") throw new AppError("STAY_LINK_INACTIVE");
  return found.stay;
}

/** Whether the property's store has anything a guest could buy (the guide's "Extras" tile). */
export async function stayHasOffers(ctx: AppContext, stay: Stay): Promise<boolean> {
  if (stay.status === "cancelled") return false;
  const settings = await getStoreSettings(ctx, stay.accountId);
  if (!storeReady(ctx, settings) || stayOver(stay, ctx.now(), wallTimeToInstant)) return false;
  return (await listActiveOffersFor(ctx.db, stay.accountId, stay.propertyRowId)).length > 0;
}

/**
 * The guest's store: the property's active offers in the guest's language (none when the store cannot take
 * payment), the slots that still make sense for the stay, and the stay's own orders.
 */
export async function getGuestStore(ctx: AppContext, stay: Stay, lang?: string): Promise<GuestStoreResponse> {
  const language = lang ?? stay.guestLanguage;
  const settings = await getStoreSettings(ctx, stay.accountId);
  // Nothing is offered once the stay has ended.
  const ready = storeReady(ctx, settings) && !stayOver(stay, ctx.now(), wallTimeToInstant);
  const offers = ready ? await listActiveOffersFor(ctx.db, stay.accountId, stay.propertyRowId) : [];
  const host = await findMasterUser(ctx, stay.accountId);
  const instant = new Map<string, boolean>();
  for (const o of offers)
    instant.set(
      o.id,
      o.confirmation === "instant" && (o.type === "extra" || !(await adjacentNightTaken(ctx, stay, o.type))),
    );
  return {
    language,
    currency: settings.currency,
    hostFirstName: host?.firstName ?? "",
    gateway: ctx.storePayments.kind,
    stripePublishableKey: ctx.storePayments.publishableKey,
    offers: offers
      .map((o) => {
        const t = offerText(o, language);
        return {
          id: o.id,
          type: o.type,
          title: t.title,
          description: sanitizeRichText(t.description),
          photoUrl: fileUrl(o.photoKey),
          slots: o.slots.filter(
            (s) => slotFits(o.type, s.time, stay) && slotInstant(stay, o.type, s.time)! > ctx.now(),
          ),
          amount: o.amount,
          per: o.per,
          maxQuantity: o.maxQuantity,
          multiplier: multiplierOf(o, stay),
          instant: instant.get(o.id) ?? false,
        };
      })
      .filter((o) => o.type === "extra" || o.slots.length > 0),
    orders: (await listStayOrders(ctx.db, stay.id)).map(toGuestOrderDto),
  };
}

/** POST from the guest's link: the order, or the same order again for a repeated key. */
export async function orderFromStayLink(
  ctx: AppContext,
  stay: Stay,
  input: z.output<typeof GuestOrderRequest>,
): Promise<{ order: ReturnType<typeof toGuestOrderDto>; created: boolean }> {
  const { order, created } = await placeGuestOrder(ctx, stay, input);
  return { order: toGuestOrderDto(order), created };
}

/** A time on the stay's property's clock for the guest ("28 Nov, 14:00"). */
export function stayTimeLabel(stay: Stay, iso: string, language: string): string {
  return zonedLabel(new Date(iso), stay.timeZone, language);
}
