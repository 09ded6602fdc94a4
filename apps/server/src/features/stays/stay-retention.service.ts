import type { AppContext } from "../../app-context.ts";
import { eraseStayContacts } from "./stay-writes.repository.ts";

/** Days after check-out that a stay's guest contact details are kept when STAY_RETENTION_DAYS is not set. */
export const DEFAULT_STAY_RETENTION_DAYS = 730;

/**
 * The daily retention job: erases the guest's names, email, phone, door code and notes of stays that checked
 * out more than the retention period ago (their dates and counts stay, for analytics). Answers how many.
 */
export async function eraseExpiredStayContacts(ctx: AppContext): Promise<number> {
  const days = ctx.config.stays?.retentionDays ?? DEFAULT_STAY_RETENTION_DAYS;
  const now = ctx.now();
  const before = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const erased = await eraseStayContacts(ctx.db, before, now, 1000);
    total += erased;
    if (erased < 1000) return total;
  }
}
