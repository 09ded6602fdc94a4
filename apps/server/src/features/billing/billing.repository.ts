import { and, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  billingAccounts,
  billingPlans,
  billingWebhookEvents,
  cancellationRequests,
  subscriptionAlerts,
  trialNotices,
} from "../../db/schema/billing.ts";
import { accounts, users } from "../../db/schema/users.ts";

export type PlanRow = typeof billingPlans.$inferSelect;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type BillingAccountPatch = Partial<Omit<typeof billingAccounts.$inferInsert, "accountId">>;

export async function findBillingAccount(db: Db, accountId: string): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.accountId, accountId)).limit(1);
  return row ?? null;
}

export async function findBillingAccountBySubscription(
  db: Db,
  subscriptionRef: string,
): Promise<BillingAccountRow | null> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.subscriptionRef, subscriptionRef))
    .limit(1);
  return row ?? null;
}

export async function findBillingAccountByCustomer(db: Db, customerRef: string): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.customerRef, customerRef)).limit(1);
  return row ?? null;
}

/** Creates or patches the account's billing row. */
export async function upsertBillingAccount(
  db: Db,
  accountId: string,
  gateway: "local" | "stripe",
  patch: BillingAccountPatch,
): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ accountId, gateway, ...patch })
    .onConflictDoUpdate({ target: billingAccounts.accountId, set: { ...patch, updatedAt: new Date() } });
}

/**
 * Claims the account's one subscribe slot (two tabs, a double click): true when this request may go on.
 * A claim older than `staleAfterMs` (a crashed request) is taken over.
 */
export async function claimSubscribe(
  db: Db,
  accountId: string,
  gateway: "local" | "stripe",
  now: Date,
  staleAfterMs = 120_000,
): Promise<boolean> {
  const stale = new Date(now.getTime() - staleAfterMs);
  const rows = await db
    .insert(billingAccounts)
    .values({ accountId, gateway, subscribeClaimedAt: now })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: { subscribeClaimedAt: now },
      setWhere: or(isNull(billingAccounts.subscribeClaimedAt), lt(billingAccounts.subscribeClaimedAt, stale)),
    })
    .returning({ accountId: billingAccounts.accountId });
  return rows.length > 0;
}

export async function releaseSubscribe(db: Db, accountId: string): Promise<void> {
  await db.update(billingAccounts).set({ subscribeClaimedAt: null }).where(eq(billingAccounts.accountId, accountId));
}

export async function findPlansInCatalogue(db: Db, catalogue: string): Promise<PlanRow[]> {
  return db.select().from(billingPlans).where(eq(billingPlans.catalogue, catalogue)).orderBy(billingPlans.key);
}

export async function findPlanByKey(db: Db, key: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(billingPlans).where(eq(billingPlans.key, key)).limit(1);
  return row ?? null;
}

/** Records a webhook event id; false when it was already recorded (IMPL-14: each event once). */
export async function recordWebhookEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: billingWebhookEvents.eventId });
  return rows.length > 0;
}

export async function forgetWebhookEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.eventId, eventId));
}

export async function insertSubscriptionAlert(db: Db, alert: typeof subscriptionAlerts.$inferInsert): Promise<void> {
  await db.insert(subscriptionAlerts).values(alert);
}

export async function insertCancellationRequest(db: Db, request: typeof cancellationRequests.$inferInsert) {
  const [row] = await db.insert(cancellationRequests).values(request).returning();
  return row!;
}

/**
 * One page of accounts without a live subscription that are due a trial notice now and have not had it
 * (IMPL-12): the trial ends within 3 days or ended within 7; in trial-end order, after `after` (keyset),
 * so a run walks every due account however many there are.
 */
export async function findTrialsDueNotice(
  db: Db,
  now: Date,
  after: { trialEndsAt: Date; accountId: string } | null,
  limit = 200,
) {
  const soon = new Date(now.getTime() + 3 * 86_400_000);
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const dayAhead = new Date(now.getTime() + 86_400_000);
  // The same bands as dueTrialNotice (rules/billing.ts).
  const dueKind = sql`case when ${accounts.trialEndsAt} <= ${now} then 'trial-ended' when ${accounts.trialEndsAt} <= ${dayAhead} then 'trial-ends-in-1-day' else 'trial-ends-in-3-days' end`;
  return db
    .select({
      accountId: accounts.id,
      trialEndsAt: accounts.trialEndsAt,
      email: users.email,
      firstName: users.firstName,
    })
    .from(accounts)
    .innerJoin(users, and(eq(users.accountId, accounts.id), eq(users.isMaster, true)))
    .where(
      and(
        eq(accounts.hasSubscription, false),
        lte(accounts.trialEndsAt, soon),
        sql`${accounts.trialEndsAt} > ${since}`,
        after ? sql`(${accounts.trialEndsAt}, ${accounts.id}) > (${after.trialEndsAt}, ${after.accountId})` : undefined,
        sql`not exists (select 1 from ${trialNotices} where ${trialNotices.accountId} = ${accounts.id} and ${trialNotices.trialEndsAt} = ${accounts.trialEndsAt} and ${trialNotices.kind} = ${dueKind})`,
      ),
    )
    .orderBy(accounts.trialEndsAt, accounts.id)
    .limit(limit);
}

/** Claims a trial notice; false when it was already sent for this trial end. */
export async function claimTrialNotice(db: Db, accountId: string, kind: string, trialEndsAt: Date): Promise<boolean> {
  const rows = await db
    .insert(trialNotices)
    .values({ accountId, kind, trialEndsAt })
    .onConflictDoNothing()
    .returning({ kind: trialNotices.kind });
  return rows.length > 0;
}

export async function listCancellationRequests(db: Db, statuses: string[] | null, limit = 100) {
  return db
    .select()
    .from(cancellationRequests)
    .where(statuses ? inArray(cancellationRequests.status, statuses) : undefined)
    .orderBy(desc(cancellationRequests.createdAt))
    .limit(limit);
}

export async function listSubscriptionAlerts(db: Db, limit = 100) {
  return db.select().from(subscriptionAlerts).orderBy(desc(subscriptionAlerts.createdAt)).limit(limit);
}

/** SQL for the subscription status of the account `accountId` names; null before its first billing action. */
export function subscriptionStatusOfSql(accountId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${billingAccounts.status} from ${billingAccounts} where ${billingAccounts.accountId} = ${accountId})`;
}

/** Operator: the price list an account is offered (null: chosen by its flags). */
export async function upsertPriceList(
  db: Db,
  accountId: string,
  gateway: "local" | "stripe",
  priceList: string | null,
): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ accountId, gateway, priceList })
    .onConflictDoUpdate({ target: billingAccounts.accountId, set: { priceList, updatedAt: new Date() } });
}

export async function updateCancellationStatus(db: Db, id: string, status: string): Promise<boolean> {
  const rows = await db
    .update(cancellationRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(cancellationRequests.id, id))
    .returning({ id: cancellationRequests.id });
  return rows.length > 0;
}

/** Live subscriptions on `gateway` with the quantity billed, a page at a time in account order. */
export async function findLiveSubscriptions(
  db: Db,
  gateway: BillingAccountRow["gateway"],
  statuses: readonly string[],
  afterAccountId: string | null,
  limit: number,
): Promise<{ accountId: string; quantity: number | null }[]> {
  return db
    .select({ accountId: billingAccounts.accountId, quantity: billingAccounts.quantity })
    .from(billingAccounts)
    .where(
      and(
        eq(billingAccounts.gateway, gateway),
        inArray(billingAccounts.status, [...statuses]),
        sql`${billingAccounts.subscriptionRef} is not null`,
        afterAccountId ? sql`${billingAccounts.accountId} > ${afterAccountId}` : undefined,
      ),
    )
    .orderBy(billingAccounts.accountId)
    .limit(limit);
}
