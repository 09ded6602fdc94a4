import { and, asc, count, eq, inArray, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  localAreaProfileLinks,
  localAreaProfiles,
  localPlaceTranslationCache,
  localPlaceTranslations,
  localPlaces,
} from "../../db/schema/local-area.ts";

export type ProfileRow = typeof localAreaProfiles.$inferSelect;
export type NewProfile = typeof localAreaProfiles.$inferInsert;
export type PlaceRow = typeof localPlaces.$inferSelect;
export type NewPlace = typeof localPlaces.$inferInsert;

/** Whose list a place is on: a property's own, or a local-area profile's (row ids). */
export type PlaceOwner = { propertyRowId: string; profileId?: never } | { profileId: string; propertyRowId?: never };

const ownedBy = (owner: PlaceOwner) =>
  owner.profileId !== undefined
    ? eq(localPlaces.profileId, owner.profileId)
    : eq(localPlaces.propertyId, owner.propertyRowId);

// ---------- profiles ----------

/** Where a page of profiles ends: the last one's place in the order, title then label (unique per account). */
export interface ProfileCursor {
  title: string;
  label: string;
}

/**
 * The account's profiles with their place counts (LOCAL-15/16/26), by title then label: at most `limit`, after
 * `after` when given.
 */
export async function findProfiles(
  db: Db,
  accountId: string,
  page: { after?: ProfileCursor; limit: number },
): Promise<(ProfileRow & { placeCount: number })[]> {
  const { after, limit } = page;
  const rows = await db
    .select({ profile: localAreaProfiles, placeCount: count(localPlaces.id) })
    .from(localAreaProfiles)
    .leftJoin(localPlaces, eq(localPlaces.profileId, localAreaProfiles.id))
    .where(
      and(
        eq(localAreaProfiles.accountId, accountId),
        after
          ? sql`(${localAreaProfiles.title}, ${localAreaProfiles.label}) > (${after.title}, ${after.label})`
          : undefined,
      ),
    )
    .groupBy(localAreaProfiles.id)
    .orderBy(asc(localAreaProfiles.title), asc(localAreaProfiles.label))
    .limit(limit);
  return rows.map((r) => ({ ...r.profile, placeCount: r.placeCount }));
}

export async function findProfileByLabel(db: Db, accountId: string, label: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(localAreaProfiles)
    .where(and(eq(localAreaProfiles.accountId, accountId), eq(localAreaProfiles.label, label)));
  return row ?? null;
}

export async function findProfileById(db: Db, accountId: string, id: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(localAreaProfiles)
    .where(and(eq(localAreaProfiles.accountId, accountId), eq(localAreaProfiles.id, id)));
  return row ?? null;
}

/** The account's labels that begin with `base` (OPEN-55: the next free "-n" is chosen from them). */
export async function findLabelsLike(db: Db, accountId: string, base: string): Promise<Set<string>> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ label: localAreaProfiles.label })
    .from(localAreaProfiles)
    .where(and(eq(localAreaProfiles.accountId, accountId), sql`${localAreaProfiles.label} like ${`${escaped}%`}`));
  return new Set(rows.map((r) => r.label));
}

export async function insertProfile(db: Db, values: NewProfile): Promise<ProfileRow> {
  const [row] = await db.insert(localAreaProfiles).values(values).returning();
  return row!;
}

export async function setProfileCover(db: Db, profileId: string, coverKey: string): Promise<ProfileRow | null> {
  const [row] = await db
    .update(localAreaProfiles)
    .set({ coverKey })
    .where(eq(localAreaProfiles.id, profileId))
    .returning();
  return row ?? null;
}

export async function deleteProfileRow(db: Db, profileId: string): Promise<void> {
  await db.delete(localAreaProfiles).where(eq(localAreaProfiles.id, profileId));
}

/** The properties a profile is attached to (their row ids). */
export async function findLinkedPropertyRows(db: Db, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ propertyId: localAreaProfileLinks.propertyId })
    .from(localAreaProfileLinks)
    .where(eq(localAreaProfileLinks.profileId, profileId));
  return rows.map((r) => r.propertyId);
}

/** The profiles attached to a property (their ids). */
export async function findAttachedProfileIds(db: Db, propertyRowId: string): Promise<string[]> {
  const rows = await db
    .select({ profileId: localAreaProfileLinks.profileId })
    .from(localAreaProfileLinks)
    .where(eq(localAreaProfileLinks.propertyId, propertyRowId));
  return rows.map((r) => r.profileId);
}

export async function insertLink(db: Db, values: typeof localAreaProfileLinks.$inferInsert): Promise<void> {
  await db.insert(localAreaProfileLinks).values(values).onConflictDoNothing();
}

export async function deleteLink(db: Db, profileId: string, propertyRowId: string): Promise<void> {
  await db
    .delete(localAreaProfileLinks)
    .where(and(eq(localAreaProfileLinks.profileId, profileId), eq(localAreaProfileLinks.propertyId, propertyRowId)));
}

// ---------- places ----------

export async function findPlaces(db: Db, owner: PlaceOwner): Promise<PlaceRow[]> {
  return db
    .select()
    .from(localPlaces)
    .where(ownedBy(owner))
    .orderBy(asc(localPlaces.categoryLabel), asc(localPlaces.listRank), asc(localPlaces.createdAt));
}

export async function countPlaces(db: Db, owner: PlaceOwner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(localPlaces).where(ownedBy(owner));
  return row?.n ?? 0;
}

/**
 * What a property's guide shows (GUIDE-10): its own places and those of the profiles attached to it,
 * by category and ListRank, the property's own first within a category.
 */
export async function findGuidePlaces(db: Db, propertyRowId: string): Promise<PlaceRow[]> {
  const attached = db
    .select({ id: localAreaProfileLinks.profileId })
    .from(localAreaProfileLinks)
    .where(eq(localAreaProfileLinks.propertyId, propertyRowId));
  return db
    .select()
    .from(localPlaces)
    .where(or(eq(localPlaces.propertyId, propertyRowId), inArray(localPlaces.profileId, attached)))
    .orderBy(
      asc(localPlaces.categoryLabel),
      sql`${localPlaces.profileId} is not null`,
      asc(localPlaces.listRank),
      asc(localPlaces.createdAt),
    );
}

export async function findPlace(db: Db, accountId: string, placeId: string): Promise<PlaceRow | null> {
  const [row] = await db
    .select()
    .from(localPlaces)
    .where(and(eq(localPlaces.accountId, accountId), eq(localPlaces.id, placeId)));
  return row ?? null;
}

/** LOCAL-08: a provider's place already on this list, in any category. */
export async function findPlaceByProviderId(
  db: Db,
  owner: PlaceOwner,
  providerPlaceId: string,
): Promise<PlaceRow | null> {
  const [row] = await db
    .select()
    .from(localPlaces)
    .where(and(ownedBy(owner), eq(localPlaces.providerPlaceId, providerPlaceId)));
  return row ?? null;
}

/** ListRank for a new place: last + 1 in its category (LOCAL-10). */
export async function nextRank(db: Db, owner: PlaceOwner, categoryLabel: string): Promise<number> {
  const [row] = await db
    .select({ top: max(localPlaces.listRank) })
    .from(localPlaces)
    .where(and(ownedBy(owner), eq(localPlaces.categoryLabel, categoryLabel)));
  return (row?.top ?? 0) + 1;
}

export async function insertPlace(db: Db, values: NewPlace): Promise<PlaceRow> {
  const [row] = await db.insert(localPlaces).values(values).returning();
  return row!;
}

/** Saves fields and bumps the ContentVersion (decision 003); null when the place is gone. */
export async function updatePlaceRow(
  db: Db,
  placeId: string,
  values: Partial<NewPlace>,
  at: Date,
): Promise<PlaceRow | null> {
  const [row] = await db
    .update(localPlaces)
    .set({ ...values, contentVersion: sql`${localPlaces.contentVersion} + 1`, updatedAt: at })
    .where(eq(localPlaces.id, placeId))
    .returning();
  return row ?? null;
}

export async function deletePlaceRow(db: Db, placeId: string): Promise<PlaceRow | null> {
  const [row] = await db.delete(localPlaces).where(eq(localPlaces.id, placeId)).returning();
  return row ?? null;
}

/** The ids of a category's places on one list, for a reorder's check. */
export async function findCategoryPlaceIds(db: Db, owner: PlaceOwner, categoryLabel: string): Promise<string[]> {
  const rows = await db
    .select({ id: localPlaces.id })
    .from(localPlaces)
    .where(and(ownedBy(owner), eq(localPlaces.categoryLabel, categoryLabel)));
  return rows.map((r) => r.id);
}

/** Rewrites ListRank 1…n in the given order, in one statement (LOCAL-06). */
export async function writeRanks(db: Db, placeIds: string[], at: Date): Promise<void> {
  if (placeIds.length === 0) return;
  const ranks = sql.join(
    placeIds.map((id, i) => sql`(${id}::uuid, ${i + 1}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${localPlaces} set list_rank = v.rank, updated_at = ${at} from (values ${ranks}) as v(id, rank) where ${localPlaces.id} = v.id`,
  );
}

/** Serialises label choices within one account (OPEN-55), for the rest of the transaction. */
export async function lockAccountLabels(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`local-area-profiles:${accountId}`}))`);
}

/** Locks a profile row for a delete racing place changes. */
export async function lockProfile(db: Db, profileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: localAreaProfiles.id })
    .from(localAreaProfiles)
    .where(eq(localAreaProfiles.id, profileId))
    .for("update");
  return rows.length > 0;
}

/** Removes a property's own places and profile attachments (a copy taken up again starts over). */
export async function clearPropertyLocalArea(db: Db, propertyRowId: string): Promise<void> {
  await db.delete(localPlaces).where(eq(localPlaces.propertyId, propertyRowId));
  await db.delete(localAreaProfileLinks).where(eq(localAreaProfileLinks.propertyId, propertyRowId));
}

// ---------- translations ----------

export type PlaceTranslationRow = typeof localPlaceTranslations.$inferSelect;

/** The host's translations of these places, every language. */
export async function findPlaceTranslations(db: Db, placeIds: string[]): Promise<PlaceTranslationRow[]> {
  if (placeIds.length === 0) return [];
  return db
    .select()
    .from(localPlaceTranslations)
    .where(inArray(localPlaceTranslations.placeId, placeIds))
    .orderBy(asc(localPlaceTranslations.language));
}

/** Replaces a place's translations with these (blank ones dropped). */
export async function replacePlaceTranslations(
  db: Db,
  placeId: string,
  translations: { language: string; title: string | null; detailText: string | null }[],
  at: Date,
): Promise<void> {
  await db.delete(localPlaceTranslations).where(eq(localPlaceTranslations.placeId, placeId));
  const rows = translations.filter((t) => t.title || t.detailText);
  if (rows.length > 0)
    await db.insert(localPlaceTranslations).values(rows.map((t) => ({ placeId, ...t, createdAt: at, updatedAt: at })));
}

/** Cached machine translations of these places in one language, for their current versions. */
export async function findCachedPlaceTranslations(
  db: Db,
  language: string,
  places: { id: string; contentVersion: number }[],
): Promise<Map<string, Record<string, string>>> {
  if (places.length === 0) return new Map();
  const rows = await db
    .select()
    .from(localPlaceTranslationCache)
    .where(
      and(
        eq(localPlaceTranslationCache.language, language),
        inArray(
          localPlaceTranslationCache.placeId,
          places.map((p) => p.id),
        ),
      ),
    );
  const version = new Map(places.map((p) => [p.id, p.contentVersion]));
  return new Map(rows.filter((r) => version.get(r.placeId) === r.contentVersion).map((r) => [r.placeId, r.fields]));
}

export async function insertCachedPlaceTranslations(
  db: Db,
  rows: (typeof localPlaceTranslationCache.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(localPlaceTranslationCache).values(rows).onConflictDoNothing();
}

/**
 * The owner of one of the account's places (decision 056): its property row, or null for a profile's place
 * (profiles are the account's, like shared content); undefined when the account has no such place.
 */
export async function findPlacePropertyRowId(
  db: Db,
  accountId: string,
  placeId: string,
): Promise<string | null | undefined> {
  const rows = await db
    .select({ propertyId: localPlaces.propertyId })
    .from(localPlaces)
    .where(and(eq(localPlaces.accountId, accountId), eq(localPlaces.id, placeId)))
    .limit(1);
  return rows.length === 0 ? undefined : rows[0]!.propertyId;
}
