import { and, asc, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { storeOffers, storeOrders, storeSettings, storeWebhookEvents } from "../../db/schema/store.ts";

export type StoreSettingsRow = typeof storeSettings.$inferSelect;
export type OfferRow = typeof storeOffers.$inferSelect;
export type NewOfferRow = typeof storeOffers.$inferInsert;
export type OrderRow = typeof storeOrders.$inferSelect;
export type NewOrderRow = typeof storeOrders.$inferInsert;
export type OrderPatch = Partial<Omit<NewOrderRow, "id" | "accountId" | "stayId" | "createdAt">>;

export async function findStoreSettings(db: Db, accountId: string): Promise<StoreSettingsRow | null> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.accountId, accountId));
  return row ?? null;
}

export async function putStoreSettings(
  db: Db,
  row: Omit<typeof storeSettings.$inferInsert, "createdAt">,
): Promise<StoreSettingsRow> {
  const { accountId: _accountId, ...set } = row;
  const [saved] = await db
    .insert(storeSettings)
    .values(row)
    .onConflictDoUpdate({ target: storeSettings.accountId, set })
    .returning();
  return saved!;
}

export async function findSettingsByConnectAccount(db: Db, ref: string): Promise<StoreSettingsRow | null> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.connectAccountRef, ref));
  return row ?? null;
}

export function listOffers(db: Db, accountId: string): Promise<OfferRow[]> {
  return db
    .select()
    .from(storeOffers)
    .where(and(eq(storeOffers.accountId, accountId), isNull(storeOffers.deletedAt)))
    .orderBy(asc(storeOffers.createdAt), asc(storeOffers.id));
}

/** The account's active offers for one property (its own list, or every property). */
export function listActiveOffersFor(db: Db, accountId: string, propertyRowId: string): Promise<OfferRow[]> {
  return db
    .select()
    .from(storeOffers)
    .where(
      and(
        eq(storeOffers.accountId, accountId),
        isNull(storeOffers.deletedAt),
        eq(storeOffers.active, true),
        sql`(${storeOffers.propertyIds} is null or ${propertyRowId}::uuid = any(${storeOffers.propertyIds}))`,
      ),
    )
    .orderBy(asc(storeOffers.createdAt), asc(storeOffers.id));
}

export async function findOffer(db: Db, accountId: string, id: string): Promise<OfferRow | null> {
  const [row] = await db
    .select()
    .from(storeOffers)
    .where(and(eq(storeOffers.accountId, accountId), eq(storeOffers.id, id), isNull(storeOffers.deletedAt)));
  return row ?? null;
}

export async function insertOffer(db: Db, row: NewOfferRow): Promise<OfferRow> {
  const [saved] = await db.insert(storeOffers).values(row).returning();
  return saved!;
}

export async function updateOffer(
  db: Db,
  accountId: string,
  id: string,
  patch: Partial<NewOfferRow>,
): Promise<OfferRow | null> {
  const [row] = await db
    .update(storeOffers)
    .set(patch)
    .where(and(eq(storeOffers.accountId, accountId), eq(storeOffers.id, id), isNull(storeOffers.deletedAt)))
    .returning();
  return row ?? null;
}

export async function findOrder(db: Db, accountId: string, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), eq(storeOrders.id, id)));
  return row ?? null;
}

/** The property row of one of the account's orders, or null. */
export async function findOrderPropertyRowId(db: Db, accountId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ propertyId: storeOrders.propertyId })
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), eq(storeOrders.id, id)))
    .limit(1);
  return row?.propertyId ?? null;
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(storeOrders).where(eq(storeOrders.id, id));
  return row ?? null;
}

export async function findOrderByPayment(db: Db, paymentRef: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(storeOrders).where(eq(storeOrders.paymentRef, paymentRef));
  return row ?? null;
}

export async function findOrderByKey(db: Db, stayId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.stayId, stayId), eq(storeOrders.idempotencyKey, key)));
  return row ?? null;
}

/** Inserts an order; null when the stay already has one with this idempotency key (a repeated submit). */
export async function insertOrder(db: Db, row: NewOrderRow): Promise<OrderRow | null> {
  const [saved] = await db.insert(storeOrders).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

/** Changes an order only while it is in `from` (a state machine step taken once, whoever races). */
export async function moveOrder(
  db: Db,
  id: string,
  from: OrderRow["status"][],
  patch: OrderPatch,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(storeOrders)
    .set(patch)
    .where(and(eq(storeOrders.id, id), inArray(storeOrders.status, from)))
    .returning();
  return row ?? null;
}

/** A request of this stay for this offer still waiting for the host. */
export async function findPendingOrderOfOffer(db: Db, stayId: string, offerId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.stayId, stayId), eq(storeOrders.offerId, offerId), eq(storeOrders.status, "pending")))
    .limit(1);
  return row ?? null;
}

/** Changes a request still pending on a saved card (its authorisation not yet made). */
export async function moveSavedOrder(db: Db, id: string, patch: OrderPatch): Promise<OrderRow | null> {
  const [row] = await db
    .update(storeOrders)
    .set(patch)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.status, "pending"), eq(storeOrders.payment, "saved")))
    .returning();
  return row ?? null;
}

/** A member's property scope (decision 056): only orders of those properties. */
const inScope = (scope?: readonly string[] | null) => (scope ? inArray(storeOrders.propertyId, [...scope]) : undefined);

export function listOrders(
  db: Db,
  accountId: string,
  limit: number,
  scope?: readonly string[] | null,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), inScope(scope)))
    .orderBy(sql`case when ${storeOrders.status} = 'pending' then 0 else 1 end`, desc(storeOrders.createdAt))
    .limit(limit);
}

export function listStayOrders(db: Db, stayId: string): Promise<OrderRow[]> {
  return db.select().from(storeOrders).where(eq(storeOrders.stayId, stayId)).orderBy(desc(storeOrders.createdAt));
}

/** The pending orders of these stays (a stay's change may end them). */
export function listPendingOrdersOfStays(db: Db, stayIds: string[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(storeOrders)
    .where(and(inArray(storeOrders.stayId, stayIds), eq(storeOrders.status, "pending")));
}

/** The account's pending orders (all its properties) as a scalar subquery. */
export function pendingOrderCountSql(accountId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from ${storeOrders} where ${storeOrders.accountId} = ${accountId} and ${storeOrders.status} = 'pending')`;
}

/** Whether the account has an offer that is not deleted, as a scalar subquery. */
export function hasOffersSql(accountId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${storeOffers} where ${storeOffers.accountId} = ${accountId} and ${storeOffers.deletedAt} is null)`;
}

export async function countPendingOrders(db: Db, accountId: string, scope?: readonly string[] | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), inScope(scope), eq(storeOrders.status, "pending")));
  return row?.n ?? 0;
}

/** The account's pending orders per property row (the live event's counts for members limited to some, decision 056). */
export async function countPendingOrdersByProperty(db: Db, accountId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ propertyId: storeOrders.propertyId, n: sql<number>`count(*)::int` })
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), eq(storeOrders.status, "pending")))
    .groupBy(storeOrders.propertyId);
  return Object.fromEntries(rows.map((r) => [r.propertyId, r.n]));
}

/** Captured orders less refunds, per month (the account's UTC months) and offer. */
export function revenueRows(db: Db, accountId: string, scope?: readonly string[] | null) {
  const month = sql<string>`to_char(${storeOrders.capturedAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      offerId: storeOrders.offerId,
      offerTitle: sql<string>`max(${storeOrders.title})`,
      currency: storeOrders.currency,
      orders: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${storeOrders.amount} - ${storeOrders.refundedAmount})::int`,
    })
    .from(storeOrders)
    .where(and(eq(storeOrders.accountId, accountId), inScope(scope), sql`${storeOrders.capturedAt} is not null`))
    .groupBy(month, storeOrders.offerId, storeOrders.currency)
    .orderBy(desc(month), asc(sql`max(${storeOrders.title})`));
}

/** Records a webhook event; false when it was already handled (Stripe delivers at least once). */
export async function claimWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(storeWebhookEvents).values({ id, type }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function forgetWebhookEvent(db: Db, id: string): Promise<void> {
  await db.delete(storeWebhookEvents).where(eq(storeWebhookEvents.id, id));
}

/** The account has at least one offer (deleted ones aside). */
export async function hasOffers(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: storeOffers.id })
    .from(storeOffers)
    .where(and(eq(storeOffers.accountId, accountId), isNull(storeOffers.deletedAt)))
    .limit(1);
  return rows.length > 0;
}
