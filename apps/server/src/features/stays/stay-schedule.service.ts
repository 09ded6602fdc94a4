import type { AppContext } from "../../app-context.ts";
import { findStaysForScheduling, pageStaysForScheduling } from "./stay-schedule.repository.ts";

/** A stay as scheduled messages read it (decision 050): its days, instants, zone, contact and status. */
export interface StayForMessages {
  id: string;
  accountId: string;
  propertyRowId: string;
  timeZone: string;
  checkInDate: string;
  checkOutDate: string;
  checkInAt: Date;
  checkOutAt: Date;
  createdAt: Date;
  status: "confirmed" | "cancelled";
  hasEmail: boolean;
  hasPhone: boolean;
  guestLanguage: string;
}

/** These stays (of any account) on live guides; a stay of an archived or deleted property is left out. */
export function getStaysForMessages(ctx: Pick<AppContext, "db">, ids: string[]): Promise<StayForMessages[]> {
  return findStaysForScheduling(ctx.db, ids);
}

/** A page of the account's confirmed stays ending after `checkOutAfter`, by id (a rule scheduled for all). */
export function pageStaysForMessages(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  page: { checkOutAfter: Date; propertyRowIds: string[] | null; afterId: string | null; limit: number },
): Promise<StayForMessages[]> {
  return pageStaysForScheduling(ctx.db, accountId, page);
}

type StaysChangedListener = (ctx: AppContext, stayIds: string[]) => Promise<void>;
const listeners = new Set<StaysChangedListener>();

/**
 * Hears of every change to stays' dates, times, zone, contact or status (created, edited, cancelled, a feed's
 * sync, an import, a property's new zone). Scheduled messages listen (decision 050); wired once in app.ts, so
 * the stays feature does not depend on the features that follow its stays.
 */
export function onStaysChanged(listener: StaysChangedListener): void {
  listeners.add(listener);
}

/** Tells the listeners these stays changed; a listener's failure fails the change's request (it is retried). */
export async function notifyStaysChanged(ctx: AppContext, stayIds: string[]): Promise<void> {
  if (stayIds.length === 0) return;
  for (const listener of listeners) await listener(ctx, stayIds);
}
