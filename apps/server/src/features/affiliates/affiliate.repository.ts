import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { affiliateCustomers, affiliates } from "../../db/schema/affiliates.ts";
import { subscriptionStatusSql } from "../billing/billing.service.ts";
import { affiliatePayoutsSql } from "../referrals/payout-ledger.service.ts";
import { accountTrialEndsOf } from "../users/account-lookup.service.ts";

type Rows<T> = { rows: T[] };
export type AffiliateRow = typeof affiliates.$inferSelect;

/** Creates the Affiliate record of a new affiliate user; a taken tracking label propagates as a unique violation. */
export async function insertAffiliate(db: Db, values: typeof affiliates.$inferInsert): Promise<AffiliateRow> {
  // Its own (nested) transaction: inside sign-up's, a label collision rolls back to a savepoint and the
  // caller draws again, instead of aborting the whole sign-up.
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(affiliates).values(values).returning();
    return row!;
  });
}

/** AFF-06, AFF-09: the affiliate whose tracking label this is (labels are unique, so the first match). */
export async function findAffiliateByLabel(db: Db, label: string): Promise<AffiliateRow | null> {
  const rows = await db.select().from(affiliates).where(eq(affiliates.trackingLabel, label)).limit(1);
  return rows[0] ?? null;
}

/** The affiliate record of an account (an affiliate's team members share it). */
export async function findAffiliateOfAccount(db: Db, accountId: string): Promise<AffiliateRow | null> {
  const rows = await db
    .select()
    .from(affiliates)
    .where(eq(affiliates.accountId, accountId))
    .orderBy(asc(affiliates.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAffiliateOfUser(db: Db, userId: string): Promise<AffiliateRow | null> {
  const rows = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  return rows[0] ?? null;
}

export type AffiliatePatch = Partial<
  Pick<
    AffiliateRow,
    | "name"
    | "logoUrl"
    | "trackingLabel"
    | "commissionCurrency"
    | "payPalEmail"
    | "commissionModel"
    | "commissionPercentage"
    | "commissionAmount"
    | "commissionMonths"
  >
>;

export async function updateAffiliate(db: Db, id: string, patch: AffiliatePatch, at: Date): Promise<void> {
  await db
    .update(affiliates)
    .set({ ...patch, updatedAt: at })
    .where(eq(affiliates.id, id));
}

/** AFF-17: the account is this affiliate's customer; an account is attributed once. */
export async function insertAffiliateCustomer(db: Db, accountId: string, affiliateId: string): Promise<void> {
  await db.insert(affiliateCustomers).values({ accountId, affiliateId }).onConflictDoNothing();
}

/** The affiliate a customer account was attributed to, with its settings and the window start. */
export async function findAffiliateOfCustomer(db: Db, accountId: string) {
  const rows = await db
    .select({ affiliate: affiliates, firstPaidAt: affiliateCustomers.firstPaidAt })
    .from(affiliateCustomers)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCustomers.affiliateId))
    .where(eq(affiliateCustomers.accountId, accountId))
    .limit(1);
  return rows[0] ?? null;
}

/** The commission window starts at the first paid invoice (AFF-16): set once, to the earliest seen. */
export async function setFirstPaidAt(db: Db, accountId: string, at: Date): Promise<Date> {
  const rows = await db
    .update(affiliateCustomers)
    .set({
      firstPaidAt: sql`least(coalesce(${affiliateCustomers.firstPaidAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(affiliateCustomers.accountId, accountId))
    .returning({ firstPaidAt: affiliateCustomers.firstPaidAt });
  return rows[0]?.firstPaidAt ?? at;
}

/** OPEN-26: trials started and paying customers of one affiliate (its clicks are referrals'). */
export async function countAffiliateTotals(db: Db, affiliate: Pick<AffiliateRow, "id">) {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from affiliate_customers where affiliate_id = ${affiliate.id}) as trials,
      (select count(*)::int from affiliate_customers where affiliate_id = ${affiliate.id}
        and first_paid_at is not null) as paying`)) as unknown as Rows<{
    trials: number;
    paying: number;
  }>;
  const row = result.rows[0];
  return { trials: row?.trials ?? 0, paying: row?.paying ?? 0 };
}

/** The ledger's sums per currency and status for one affiliate (its entries through referrals' subquery). */
export async function sumAffiliateLedger(db: Db, affiliateId: string) {
  const result = (await db.execute(sql`
    select p.currency, p.status, sum(p.amount)::int as total
    from ${affiliatePayoutsSql()} p
    join affiliate_commissions c on c.id = p.affiliate_commission_id
    where c.affiliate_id = ${affiliateId}
    group by p.currency, p.status`)) as unknown as Rows<{ currency: string; status: string; total: number }>;
  return result.rows;
}

/**
 * The affiliate's customers, newest first (AFF-12, OPEN-26): sign-up time, trial end, subscription status
 * and their commission by status; nothing about the person.
 */
export async function findAffiliateCustomerRows(db: Db, affiliateId: string, limit: number) {
  // The page is grouped and cut first; the commissions' entries come from the ledger's subquery (referrals),
  // the trial end and subscription status from their owners' fragments (users, billing), read for the
  // page's rows only.
  const result = (await db.execute(sql`
    select page.created_at, ${accountTrialEndsOf(sql`page.account_id`)} as trial_ends_at,
      ${subscriptionStatusSql(sql`page.account_id`)} as billing_status,
      page.commission, page.currency, page.payable, page.paid
    from (
      select ac.account_id, ac.created_at,
        coalesce(sum(p.amount) filter (where p.status <> 'reversed'), 0)::int as commission,
        min(p.currency) as currency,
        bool_or(p.status = 'payable') as payable,
        bool_or(p.status = 'paid') as paid
      from affiliate_customers ac
      left join affiliate_commissions c on c.customer_account_id = ac.account_id and c.affiliate_id = ac.affiliate_id
      left join ${affiliatePayoutsSql()} p on p.affiliate_commission_id = c.id
      where ac.affiliate_id = ${affiliateId}
      group by ac.account_id, ac.created_at
      order by ac.created_at desc, ac.account_id desc
      limit ${limit}
    ) page
    order by page.created_at desc, page.account_id desc`)) as unknown as Rows<{
    created_at: string | Date;
    trial_ends_at: string | Date | null;
    billing_status: string | null;
    commission: number;
    currency: string | null;
    payable: boolean | null;
    paid: boolean | null;
  }>;
  return result.rows;
}
