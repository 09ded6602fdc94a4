import type { Db } from "../../db/client.ts";
import { emailsOfUsers } from "../users/user.service.ts";
import { formatReward } from "./referral.emails.ts";
import { findPayoutsForOperator } from "./referral.repository.ts";

const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : "-");

/**
 * Operator's list (`npm run admin -- referral-rewards`): referral instalments waiting to be claimed, or paid
 * by voucher (to honour the voucher codes), newest first, one line each.
 */
export async function listReferralPayouts(db: Db, status: "claimable" | "paid", limit: number): Promise<string[]> {
  const rows = await findPayoutsForOperator(db, status, limit);
  const emails = await emailsOfUsers(
    db,
    rows.map((r) => r.referrer_user_id),
  );
  // A referrer who has since been deleted has no reward left to pay (rewards cascade with users).
  return rows
    .map((r) => ({ ...r, referrer_email: emails.get(r.referrer_user_id) ?? "" }))
    .map((r) =>
      status === "paid"
        ? `${iso(r.paid_at)}  ${r.referrer_email}  ${formatReward(r.amount, r.currency)}  instalment ${r.sequence + 1}  ${r.voucher_code ?? ""}`
        : `${iso(r.claimable_at)}  ${r.referrer_email}  ${formatReward(r.amount, r.currency)}  instalment ${r.sequence + 1}  expires ${iso(r.expires_at)}`,
    );
}
