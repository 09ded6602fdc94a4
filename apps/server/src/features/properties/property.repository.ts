import { and, eq, inArray, isNull, not, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { companies } from "../../db/schema/company.ts";
import { managers } from "../../db/schema/managers.ts";
import { properties } from "../../db/schema/properties.ts";
import { accounts } from "../../db/schema/users.ts";

export type PropertyRow = typeof properties.$inferSelect;
export type ManagerRow = typeof managers.$inferSelect;
export type AccountFlags = Pick<
  typeof accounts.$inferSelect,
  "hasSubscription" | "trialEndsAt" | "subscriptionActiveUser"
>;
export type CompanyRow = typeof companies.$inferSelect;
export type PropertyWithManager = PropertyRow & { manager: ManagerRow | null };

/** An account id, or the placeholder a prepared statement fills in. */
export type AccountIdValue = string | Placeholder;
/** Live (non-archived) properties of an account. */
export const ownedBy = (accountId: AccountIdValue) =>
  and(eq(properties.accountId, accountId), isNull(properties.archivedAt));
/** What the property list shows and counts: live properties but the shared-content one. */
// Written as the partial index properties_listed_recent_idx is (`not is_shared`), so the planner can use it.
export const listedBy = (accountId: AccountIdValue) => and(ownedBy(accountId), not(properties.isShared));

// The dashboard's hot reads (a property here, the list's first page in property-list.repository.ts) are
// prepared once (src/db/prepared.ts, docs/architecture.md §9): no SQL built or planned per request. Each is one
// statement that also carries the account's flags, and the list its kept total (decision 027).
export const accountIdParam = sql.placeholder("accountId");
export const flagColumns = {
  hasSubscription: accounts.hasSubscription,
  trialEndsAt: accounts.trialEndsAt,
  subscriptionActiveUser: accounts.subscriptionActiveUser,
};
/** An account's flags and how many properties it lists (the list's total, kept by a trigger: decision 027). */
export type ListedAccount = AccountFlags & { listedProperties: number };
const ownedProperty = preparedFor((db) =>
  db
    .select()
    .from(properties)
    .leftJoin(managers, eq(properties.managerId, managers.id))
    .where(and(ownedBy(accountIdParam), eq(properties.propertyId, sql.placeholder("propertyId"))))
    .limit(1)
    .prepare("owned_property"),
);
const ownedPropertyView = preparedFor((db) =>
  db
    .select({ properties, managers, account: flagColumns })
    .from(properties)
    .innerJoin(accounts, eq(accounts.id, properties.accountId))
    .leftJoin(managers, eq(properties.managerId, managers.id))
    .where(and(ownedBy(accountIdParam), eq(properties.propertyId, sql.placeholder("propertyId"))))
    .limit(1)
    .prepare("owned_property_view"),
);

/** The caller's non-archived property by its weblink, with its manager; null for another account's. */
export async function findOwnedProperty(
  db: Db,
  accountId: string,
  propertyId: string,
): Promise<PropertyWithManager | null> {
  const rows = await ownedProperty(db).execute({ accountId, propertyId });
  const row = rows[0];
  return row ? { ...row.properties, manager: row.managers } : null;
}

/** As findOwnedProperty, with the account's flags (what the dashboard's property view shows), in one statement. */
export async function findOwnedPropertyView(
  db: Db,
  accountId: string,
  propertyId: string,
): Promise<{ property: PropertyWithManager; account: AccountFlags } | null> {
  const rows = await ownedPropertyView(db).execute({ accountId, propertyId });
  const row = rows[0];
  return row ? { property: { ...row.properties, manager: row.managers }, account: row.account } : null;
}

/** The weblink and title of one of the account's properties by its row id, archived or not; null when none. */
export async function findPropertyNameById(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ propertyId: string; title: string } | null> {
  const rows = await db
    .select({ propertyId: properties.propertyId, title: properties.title })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A property's guide settings by its row id, whatever its state (the guide decides who may read). */
export async function findGuideSettingsById(db: Db, id: string) {
  const rows = await db
    .select({
      id: properties.id,
      themeLabel: properties.themeLabel,
      isShared: properties.isShared,
      accountId: properties.accountId,
    })
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks properties changed (their guides' "last updated", HOME-22). */
export async function touchPropertyRows(db: Db, propertyRowIds: string[], at: Date): Promise<void> {
  if (propertyRowIds.length > 0)
    await db.update(properties).set({ updatedAt: at }).where(inArray(properties.id, propertyRowIds));
}

/** The weblinks of properties by row id. */
export function findPropertyWeblinks(db: Db, propertyRowIds: string[]): Promise<{ id: string; propertyId: string }[]> {
  if (propertyRowIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: properties.id, propertyId: properties.propertyId })
    .from(properties)
    .where(inArray(properties.id, propertyRowIds));
}

/** True when no property, archived or not, of any account holds this weblink (PROP-10). */
export async function isWeblinkFree(db: Db, propertyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.propertyId, propertyId))
    .limit(1);
  return rows.length === 0;
}

export async function insertProperty(db: Db, values: typeof properties.$inferInsert): Promise<void> {
  await db.insert(properties).values(values);
}

export type PropertyPatch = Partial<
  Omit<typeof properties.$inferInsert, "id" | "accountId" | "propertyId" | "createdAt">
>;

/**
 * Updates the caller's property and its modified date (HOME-22). `at` comes from the app clock, in
 * milliseconds like the list cursor: a database default would store microseconds the cursor cannot hold.
 */
export async function updateOwnedProperty(
  db: Db,
  accountId: string,
  propertyId: string,
  patch: PropertyPatch,
  at: Date,
): Promise<void> {
  await db
    .update(properties)
    .set({ ...patch, updatedAt: at })
    .where(and(ownedBy(accountId), eq(properties.propertyId, propertyId)));
}

/** Whether a property (by internal id) is archived or deactivated; null when there is none. */
export async function findPropertyFileState(
  db: Db,
  id: string,
): Promise<{ archivedAt: Date | null; active: boolean } | null> {
  const [row] = await db
    .select({ archivedAt: properties.archivedAt, active: properties.active })
    .from(properties)
    .where(eq(properties.id, id));
  return row ?? null;
}

/** Archives the caller's property (OPEN-39): offline and unlisted at once, the weblink kept for ever. */
export async function archiveOwnedProperty(db: Db, accountId: string, propertyId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(properties)
    .set({ archivedAt: at, updatedAt: at })
    // The shared-content property is never archived: its items are attached to live guides (SHARED-01).
    .where(and(ownedBy(accountId), eq(properties.propertyId, propertyId), eq(properties.isShared, false)))
    .returning({ id: properties.id });
  return rows.length > 0;
}

/**
 * Claims archived properties whose files are not purged yet; FOR UPDATE SKIP LOCKED lets every instance
 * run the job while each row is purged once (docs/architecture.md §1).
 */
export async function claimArchivedForPurge(
  db: Db,
  limit: number,
): Promise<{ id: string; accountId: string; coverKey: string | null }[]> {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    update ${properties} set purged_at = now()
    where id in (
      select id from ${properties}
      where archived_at is not null and purged_at is null
      order by archived_at
      limit ${limit}
      for update skip locked
    )
    returning id, account_id, cover_key`)) as unknown as {
    rows: { id: string; account_id: string; cover_key: string | null }[];
  };
  return result.rows.map((r) => ({ id: r.id, accountId: r.account_id, coverKey: r.cover_key }));
}

/** The account's company brand name and colour, for the poster. */
export async function findCompanyBrand(
  db: Db,
  accountId: string,
): Promise<{ brandName: string; hexPrimary: string | null } | null> {
  const rows = await db
    .select({ brandName: companies.brandName, hexPrimary: companies.hexPrimary })
    .from(companies)
    .where(eq(companies.accountId, accountId))
    .limit(1);
  return rows[0] ?? null;
}

/** Every translation language of the account's live guides, sorted: the languages shared items are written in. */
export async function findAccountGuideLanguages(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: sql<string>`unnest(${properties.languageTranslations})` })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.isShared, false), isNull(properties.archivedAt)));
  return rows.map((r) => r.language).sort();
}

/** Every default language of the account's live guides, sorted (a scheduled message is written in each). */
export async function findAccountDefaultLanguages(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: properties.defaultLanguage })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.isShared, false), isNull(properties.archivedAt)));
  return rows.map((r) => r.language).sort();
}

export interface GuidePropertyRecord {
  property: PropertyRow;
  account: AccountFlags;
  company: CompanyRow | null;
}

/**
 * What a guest guide needs about a property, by its public weblink, in one query: the property, its
 * owner's live flags and the company brand. Archived properties are returned too; shared-content ones never.
 */
export async function findGuidePropertyRecord(db: Db, propertyId: string): Promise<GuidePropertyRecord | null> {
  const rows = await db
    .select({
      property: properties,
      account: {
        hasSubscription: accounts.hasSubscription,
        trialEndsAt: accounts.trialEndsAt,
        subscriptionActiveUser: accounts.subscriptionActiveUser,
      },
      company: companies,
    })
    .from(properties)
    .innerJoin(accounts, eq(accounts.id, properties.accountId))
    .leftJoin(companies, eq(companies.accountId, properties.accountId))
    .where(eq(properties.propertyId, propertyId))
    .limit(1);
  const row = rows[0];
  if (!row || row.property.isShared) return null;
  return row;
}

/** Weblink and title of the account's non-archived, non-shared properties, by title (at most `limit`). */
export async function listPropertyTitles(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ propertyId: string; title: string }[]> {
  return db
    .select({ propertyId: properties.propertyId, title: properties.title })
    .from(properties)
    .where(and(ownedBy(accountId), eq(properties.isShared, false)))
    .orderBy(properties.title, properties.propertyId)
    .limit(limit);
}

/** When the account's first property was created, archived ones included; null without any. */
export async function findFirstPropertyCreatedAt(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ first: sql<string | null>`min(${properties.createdAt})` })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.isShared, false)));
  return row?.first ? new Date(row.first) : null;
}

/** OPEN-51: whether any of the account's live properties takes guest messages. */
export async function takesGuestMessages(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(ownedBy(accountId), eq(properties.inboundMessagingActive, true)))
    .limit(1);
  return rows.length > 0;
}
