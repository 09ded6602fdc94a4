import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import type { OfferRow, OrderRow } from "./store.repository.ts";

// Pure rules of the store's orders (decision 053): prices, the deferral and the deadline.

/** Card authorisations lapse after about 7 days: a request for a stay further ahead saves the card instead. */
export const DEFER_AUTHORISATION_MS = 6 * 86_400_000;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** When a saved card is authorised: 6 days before check-in, or now if that has passed. */
export function authoriseAtOf(checkInAt: Date, now: Date): Date {
  return new Date(Math.max(checkInAt.getTime() - DEFER_AUTHORISATION_MS, now.getTime()));
}

/**
 * A request's deadline: "Answer within" from when the card is held (its authorisation, or now), or the requested
 * slot's moment if that is sooner.
 */
export function deadlineOf(heldFrom: Date, answerWithinHours: number, requested: Date | null): Date {
  const answerBy = new Date(heldFrom.getTime() + answerWithinHours * HOUR_MS);
  return requested && requested < answerBy ? requested : answerBy;
}

/** Nights of a stay by its wall dates. */
export function nightsOf(stay: { checkInDate: string; checkOutDate: string }): number {
  return Math.max(1, Math.round((Date.parse(stay.checkOutDate) - Date.parse(stay.checkInDate)) / DAY_MS));
}

/** What one unit of an extra is multiplied by: 1 per stay, the nights, or the guests. */
export function multiplierOf(
  offer: Pick<OfferRow, "per">,
  stay: { checkInDate: string; checkOutDate: string; adults: number; children: number },
): number {
  if (offer.per === "night") return nightsOf(stay);
  if (offer.per === "guest") return stay.adults + stay.children;
  return 1;
}

/** The server's price of an order: a slot's price, or the extra's price × quantity × multiplier. */
export function priceOf(
  offer: Pick<OfferRow, "type" | "slots" | "amount" | "per">,
  slot: string | null,
  quantity: number,
  multiplier: number,
): number | null {
  if (offer.type === "extra") return offer.amount === null ? null : offer.amount * quantity * multiplier;
  const found = offer.slots.find((s) => s.time === slot);
  return found ? found.amount : null;
}

/** The platform's application fee for `amount` at `percent` (rounded down to a minor unit). */
export function applicationFeeOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/** A slot makes sense for the stay: early check-in before its check-in time, late check-out after its check-out. */
export function slotFits(
  type: OfferRow["type"],
  slot: string,
  stay: { checkInTime: string; checkOutTime: string },
): boolean {
  if (type === "early-check-in") return slot < stay.checkInTime;
  if (type === "late-check-out") return slot > stay.checkOutTime;
  return true;
}

/** The refundable rest of a paid order. */
export const refundableOf = (order: Pick<OrderRow, "amount" | "refundedAmount">) => order.amount - order.refundedAmount;

/** The stay is over for the store: past the end of its check-out day on the property's clock (late check-out). */
export function stayOver(
  stay: { checkOutDate: string; timeZone: string },
  now: Date,
  toInstant: (date: string, time: string, zone: string) => Date,
): boolean {
  const next = new Date(Date.parse(`${stay.checkOutDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return now >= toInstant(next, "00:00", stay.timeZone);
}

/** The moment the requested slot names: early check-in on check-in day, late check-out on check-out day. */
export function slotInstant(
  stay: { checkInDate: string; checkOutDate: string; timeZone: string },
  type: OfferRow["type"],
  slot: string | null,
): Date | null {
  if (!slot || type === "extra") return null;
  return wallTimeToInstant(type === "early-check-in" ? stay.checkInDate : stay.checkOutDate, slot, stay.timeZone);
}
