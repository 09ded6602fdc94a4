import { todayIn } from "@doorstep/shared/rules/zoned-time";
import type { AppContext } from "../../app-context.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import { searchableName, stayInstants } from "./stay-rules.ts";
import type { NewStayRow, StayPatch } from "./stays.repository.ts";
import { notifyStaysChanged } from "./stay-schedule.service.ts";
import { cancelFeedStays, findFeedStays, insertStays, updateStayRow } from "./stay-writes.repository.ts";

// A calendar feed's stays (decision 041): the feed's sync decides what changes (stay-feeds/feed-sync-plan.ts)
// from what this reads, and this writes exactly that, all in one transaction, so a sync that fails changes none.

/** A feed's stay as the sync compares it: only the fields a feed owns, and its status. */
export interface FeedStayRecord {
  stayId: string;
  sourceId: string;
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  guestFirstName: string;
  guestLastName: string;
  status: "confirmed" | "cancelled";
}

type FeedOwned = Pick<
  FeedStayRecord,
  "checkInDate" | "checkInTime" | "checkOutDate" | "checkOutTime" | "guestFirstName" | "guestLastName"
>;

/** A stay a feed lists for the first time; `notes` holds what the event says beside the dates (its link). */
export interface FeedStayNew extends FeedOwned {
  uid: string;
  notes?: string;
}

/** What one sync does: which stays to create, which fields of which stays to change, which to cancel. */
export interface FeedStayChanges {
  create: FeedStayNew[];
  update: { stayId: string; reservation: FeedOwned; changed: (keyof FeedOwned)[]; reconfirm: boolean }[];
  cancel: { stayId: string }[];
}

export interface FeedTarget {
  accountId: string;
  propertyRowId: string;
  feedId: string;
  channel: string;
  /** Every UID the feed lists now. */
  sourceIds: string[];
}

/**
 * Reads the feed's stays, lets `decide` say what changes, and writes it in one transaction. Answers null when
 * the property is gone (archived or deleted): nothing is written.
 */
export async function syncFeedStays(
  ctx: AppContext,
  target: FeedTarget,
  decide: (stays: FeedStayRecord[], today: string) => FeedStayChanges,
): Promise<{ created: number; updated: number; cancelled: number } | null> {
  const property = await getStayProperty(ctx, target.accountId, { id: target.propertyRowId });
  if (!property) return null;
  const now = ctx.now();
  const today = todayIn(property.timeZone, now);
  const touched: string[] = [];
  const written = await ctx.db.transaction(async (db) => {
    const rows = await findFeedStays(db, target.feedId, target.sourceIds, today);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const plan = decide(
      rows.map((row) => ({
        stayId: row.id,
        sourceId: row.sourceId!,
        checkInDate: row.checkInDate,
        checkInTime: row.checkInTime,
        checkOutDate: row.checkOutDate,
        checkOutTime: row.checkOutTime,
        guestFirstName: row.guestFirstName,
        guestLastName: row.guestLastName,
        status: row.status,
      })),
      today,
    );
    const inserts: NewStayRow[] = plan.create.map((r) => ({
      accountId: target.accountId,
      propertyId: property.id,
      guestFirstName: r.guestFirstName,
      guestLastName: r.guestLastName,
      guestSearch: searchableName(r.guestFirstName, r.guestLastName),
      guestLanguage: property.defaultLanguage,
      checkInDate: r.checkInDate,
      checkInTime: r.checkInTime,
      checkOutDate: r.checkOutDate,
      checkOutTime: r.checkOutTime,
      ...stayInstants(r, property.timeZone),
      notes: r.notes ?? null,
      source: "feed",
      sourceId: r.uid,
      feedId: target.feedId,
      channel: target.channel,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < inserts.length; i += 500) touched.push(...(await insertStays(db, inserts.slice(i, i + 500))));
    for (const update of plan.update) {
      const stored = byId.get(update.stayId)!;
      const patch: StayPatch = { updatedAt: now };
      for (const field of update.changed) Object.assign(patch, { [field]: update.reservation[field] });
      if (update.changed.includes("guestFirstName") || update.changed.includes("guestLastName")) {
        patch.guestSearch = searchableName(
          patch.guestFirstName ?? stored.guestFirstName,
          patch.guestLastName ?? stored.guestLastName,
        );
      }
      Object.assign(patch, stayInstants({ ...stored, ...update.reservation }, property.timeZone));
      if (update.reconfirm) Object.assign(patch, { status: "confirmed", cancelledAt: null });
      await updateStayRow(db, target.accountId, update.stayId, patch);
      touched.push(update.stayId);
    }
    const cancelled = await cancelFeedStays(
      db,
      target.feedId,
      plan.cancel.map((c) => c.stayId),
      now,
    );
    touched.push(...plan.cancel.map((c) => c.stayId));
    return { created: inserts.length, updated: plan.update.length, cancelled };
  });
  // Once committed: what follows the stays' times (scheduled messages) moves with them.
  await notifyStaysChanged(ctx, touched);
  return written;
}
