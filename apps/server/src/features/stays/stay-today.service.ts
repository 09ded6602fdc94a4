import { instantToWallTime } from "@doorstep/shared/rules/zoned-time";
import {
  STAY_TODAY_MAX,
  type StayTodayDay,
  type StayTodayItem,
  type StayTodayResponse,
} from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../../app-context.ts";
import { listStaysAroundToday, type StayView } from "./stays.repository.ts";

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The home's Today panel: arrivals and departures today and tomorrow, each day read on its property's own
 * clock (a host with flats in Lisbon and New York sees each one's today). At most STAY_TODAY_MAX of each.
 */
export async function staysToday(
  ctx: AppContext,
  accountId: string,
  scope?: readonly string[] | null,
): Promise<Omit<StayTodayResponse, "feedErrors">> {
  const now = ctx.now();
  // Twice the cap: one stay can be both a departure and an arrival within the two days.
  const rows = await listStaysAroundToday(ctx.db, accountId, now, STAY_TODAY_MAX * 2, scope);
  const arrivals: StayTodayItem[] = [];
  const departures: { at: number; item: StayTodayItem }[] = [];
  for (const row of rows) {
    const today = instantToWallTime(now, row.timeZone).date;
    const dayOf = (date: string): StayTodayDay | null =>
      date === today ? "today" : date === nextDay(today) ? "tomorrow" : null;
    const arrivalDay = dayOf(row.checkInDate);
    if (arrivalDay && arrivals.length < STAY_TODAY_MAX) arrivals.push(itemOf(row, arrivalDay, "in"));
    const departureDay = dayOf(row.checkOutDate);
    if (departureDay) departures.push({ at: row.checkOutAt.getTime(), item: itemOf(row, departureDay, "out") });
  }
  departures.sort((a, b) => a.at - b.at);
  return { arrivals, departures: departures.slice(0, STAY_TODAY_MAX).map((d) => d.item) };
}

function itemOf(row: StayView, day: StayTodayDay, which: "in" | "out"): StayTodayItem {
  return {
    stayId: row.id,
    guestName: [row.guestFirstName, row.guestLastName].filter(Boolean).join(" "),
    propertyTitle: row.propertyTitle,
    day,
    date: which === "in" ? row.checkInDate : row.checkOutDate,
    time: which === "in" ? row.checkInTime : row.checkOutTime,
    timeZone: row.timeZone,
  };
}
