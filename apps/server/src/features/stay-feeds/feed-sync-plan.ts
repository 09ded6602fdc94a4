import type { FeedReservation } from "./ics-parse.ts";

/** What a sync knows of a stay a feed made earlier: only the fields the feed owns, and its status. */
export interface FeedStayState {
  stayId: string;
  /** The feed event's UID. */
  sourceId: string;
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  guestFirstName: string;
  guestLastName: string;
  status: "confirmed" | "cancelled";
}

export type FeedOwnedField =
  "checkInDate" | "checkInTime" | "checkOutDate" | "checkOutTime" | "guestFirstName" | "guestLastName";

const DATE_FIELDS = ["checkInDate", "checkInTime", "checkOutDate", "checkOutTime"] as const;
const NAME_FIELDS = ["guestFirstName", "guestLastName"] as const;

export interface FeedStayUpdate {
  stayId: string;
  reservation: FeedReservation;
  /** The feed-owned fields whose value changes; write only these (and the status when reconfirmed). */
  changed: FeedOwnedField[];
  /** A cancelled stay the feed lists again: it becomes confirmed. */
  reconfirm: boolean;
}

export interface FeedSyncPlan {
  create: FeedReservation[];
  update: FeedStayUpdate[];
  cancel: { stayId: string; sourceId: string }[];
  unchanged: string[];
}

/**
 * What one sync of a feed does to that feed's stays. Dates follow the feed. A stay the feed no longer lists
 * is cancelled while its check-out is today or later; a past one is left alone, because channels drop past
 * dates from their feeds. Only feed-owned fields are compared, so what the host added (email, language,
 * door code, notes) is untouched; a feed that names no guest ("Airbnb guest") never overwrites a name.
 */
export function planFeedSync(
  existing: readonly FeedStayState[],
  parsed: readonly FeedReservation[],
  today: string,
): FeedSyncPlan {
  const plan: FeedSyncPlan = { create: [], update: [], cancel: [], unchanged: [] };
  const bySource = new Map(existing.map((stay) => [stay.sourceId, stay]));
  const listed = new Set<string>();
  for (const reservation of parsed) {
    listed.add(reservation.uid);
    const stay = bySource.get(reservation.uid);
    if (!stay) {
      plan.create.push(reservation);
      continue;
    }
    const fields = reservation.guestNameIsPlaceholder ? DATE_FIELDS : [...DATE_FIELDS, ...NAME_FIELDS];
    const changed = fields.filter((field) => stay[field] !== reservation[field]);
    const reconfirm = stay.status === "cancelled";
    if (changed.length > 0 || reconfirm) plan.update.push({ stayId: stay.stayId, reservation, changed, reconfirm });
    else plan.unchanged.push(stay.stayId);
  }
  for (const stay of existing) {
    if (listed.has(stay.sourceId)) continue;
    if (stay.status === "confirmed" && stay.checkOutDate >= today) {
      plan.cancel.push({ stayId: stay.stayId, sourceId: stay.sourceId });
    } else {
      plan.unchanged.push(stay.stayId);
    }
  }
  return plan;
}
