import { STAY_TODAY_FEED_ERRORS_MAX, type StayTodayResponse } from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../app-context.ts";
import { listFailingStayFeeds } from "../features/stay-feeds/stay-feeds.service.ts";
import { staysToday } from "../features/stays/stay-today.service.ts";

/**
 * The home's Today panel (issue 37 item 1): arrivals and departures today and tomorrow (the stays feature)
 * and the calendar feeds whose last read failed (the stay-feeds feature, which owns their table).
 */
export async function getToday(
  ctx: AppContext,
  accountId: string,
  scope?: readonly string[] | null,
): Promise<StayTodayResponse> {
  const [stays, feedErrors] = await Promise.all([
    staysToday(ctx, accountId, scope),
    listFailingStayFeeds(ctx, accountId, STAY_TODAY_FEED_ERRORS_MAX, scope),
  ]);
  return { ...stays, feedErrors };
}
