import { randomUUID } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import { MAX_PLACES_PER_OWNER, nextFreeLabel, profileLabel } from "@doorstep/shared/rules/local-area";
import type {
  AddPlaceRequest,
  CreateProfileRequest,
  LocalAreaPageResponse,
  LocalPlaceDto,
  PlaceTranslation,
  ProfileSummary,
  ReorderPlacesRequest,
  UpdatePlaceRequest,
} from "@doorstep/shared/schemas/local-area";
import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { normalizeImage } from "../../lib/images.ts";
import { fileUrl } from "../../lib/urls.ts";
import { storeImage } from "../../lib/uploads.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { lookupAddress, lookupPlaceDetails } from "../places/places.service.ts";
import {
  getOwnedProperty,
  listAccountGuideLanguages,
  type PropertyWithManager,
} from "../properties/property.service.ts";
import {
  clearPropertyLocalArea,
  countPlaces,
  deleteLink,
  deletePlaceRow,
  deleteProfileRow,
  findAttachedProfileIds,
  findCategoryPlaceIds,
  findLabelsLike,
  findLinkedPropertyRows,
  findPlace,
  findPlaceByProviderId,
  findPlaces,
  findPlaceTranslations,
  findProfileById,
  findProfileByLabel,
  findProfiles,
  insertLink,
  insertPlace,
  insertProfile,
  lockAccountLabels,
  lockProfile,
  nextRank,
  replacePlaceTranslations,
  setProfileCover,
  touchPropertyRows,
  updatePlaceRow,
  writeRanks,
  type PlaceOwner,
  type PlaceRow,
  type PlaceTranslationRow,
  type ProfileRow,
} from "./local-area.repository.ts";

/** A list of places as the routes name it: a property by its weblink, or a profile by its label. */
export type OwnerRef = { propertyId: string } | { profileLabel: string };

/** The widest photo fetched from the provider for a place (the guide shows it at most ~600 px wide). */
const PLACE_PHOTO_WIDTH = 1200;

function toSummary(p: ProfileRow, placeCount: number): ProfileSummary {
  return {
    id: p.id,
    label: p.label,
    title: p.title,
    townCity: p.townCity,
    country: p.country,
    coverUrl: fileUrl(p.coverKey),
    placeCount,
  };
}

export function toPlaceDto(p: PlaceRow, translations: PlaceTranslationRow[] = []): LocalPlaceDto {
  return {
    id: p.id,
    categoryLabel: p.categoryLabel as LocalPlaceDto["categoryLabel"],
    title: p.title,
    detailText: p.detailText,
    webLink: p.webLink,
    phone: p.phone,
    address: p.address,
    lat: p.lat,
    lng: p.lng,
    fromSearch: p.providerPlaceId !== null,
    rating: p.rating,
    placeType: p.placeType,
    imageUrl: fileUrl(p.imageKey),
    listRank: p.listRank,
    contentVersion: p.contentVersion,
    translations: translations
      .filter((t) => t.placeId === p.id)
      .map((t) => ({ language: t.language, title: t.title, detailText: t.detailText })),
  };
}

/** Places with their host translations, as the dashboard shows them. */
async function placeDtos(ctx: AppContext, rows: PlaceRow[]): Promise<LocalPlaceDto[]> {
  const translations = await findPlaceTranslations(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPlaceDto(r, translations));
}

/** An ordinary property of the caller; the shared-content property has no guide and no local area (404). */
async function ownedGuideProperty(ctx: AppContext, caller: Caller, propertyId: string): Promise<PropertyWithManager> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  if (property.isShared) throw notFound("Property not found");
  return property;
}

async function ownedProfile(ctx: AppContext, caller: Caller, label: string): Promise<ProfileRow> {
  const profile = await findProfileByLabel(ctx.db, caller.accountId, label);
  if (!profile) throw notFound("Local area profile not found");
  return profile;
}

interface ResolvedOwner {
  owner: PlaceOwner;
  /** The place folder in storage: under the property's or the profile's, so deleting either takes its files. */
  folder: string;
  centre: { lat: number; lng: number } | null;
}

function ownerOfProperty(p: PropertyWithManager): ResolvedOwner {
  return {
    owner: { propertyRowId: p.id },
    folder: `accounts/${p.accountId}/properties/${p.id}/local-places`,
    centre: p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null,
  };
}

function ownerOfProfile(p: ProfileRow): ResolvedOwner {
  return {
    owner: { profileId: p.id },
    folder: `accounts/${p.accountId}/local-area-profiles/${p.id}`,
    centre: p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null,
  };
}

async function resolveOwner(ctx: AppContext, caller: Caller, ref: OwnerRef): Promise<ResolvedOwner> {
  return "propertyId" in ref
    ? ownerOfProperty(await ownedGuideProperty(ctx, caller, ref.propertyId))
    : ownerOfProfile(await ownedProfile(ctx, caller, ref.profileLabel));
}

/** The place's list again, from the place's row: ownership was checked when the row was found by account. */
async function ownerOfPlace(ctx: AppContext, place: PlaceRow): Promise<ResolvedOwner> {
  if (place.propertyId)
    return {
      owner: { propertyRowId: place.propertyId },
      folder: `accounts/${place.accountId}/properties/${place.propertyId}/local-places`,
      centre: null,
    };
  const profile = await findProfileById(ctx.db, place.accountId, place.profileId!);
  if (!profile) throw notFound("Place not found");
  return ownerOfProfile(profile);
}

/** The guides a change to this list shows in: the property, or every property the profile is attached to. */
async function touchOwner(db: Db, owner: PlaceOwner, at: Date): Promise<void> {
  const rows = owner.propertyRowId ? [owner.propertyRowId] : await findLinkedPropertyRows(db, owner.profileId!);
  await touchPropertyRows(db, rows, at);
}

async function deleteFilesAfterCommit(ctx: AppContext, keys: (string | null)[]): Promise<void> {
  for (const key of keys)
    if (key)
      await ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, "could not delete a local place file"));
}

// ---------- profiles ----------

/** LOCAL-15/16/26: the caller's profiles with their place counts. */
export async function listProfiles(ctx: AppContext, caller: Caller): Promise<ProfileSummary[]> {
  return (await findProfiles(ctx.db, caller.accountId)).map((p) => toSummary(p, p.placeCount));
}

/**
 * LOCAL-17…21, OPEN-55: a profile named by the host, in the town chosen from the places search (its details
 * looked up here, never taken from the browser). The label is the name lowercased with dashes; a taken label
 * gets -2, -3, … — chosen under a per-account lock so two creations never pick the same one.
 */
export async function createProfile(
  ctx: AppContext,
  caller: Caller,
  input: CreateProfileRequest,
): Promise<ProfileSummary> {
  const town = await lookupAddress(ctx, caller.accountId, input.placeId);
  if (!town) throw new AppError("VALIDATION_FAILED", copy.localArea.enterAll);
  const base = profileLabel(input.title);
  const profile = await ctx.db.transaction(async (tx) => {
    await lockAccountLabels(tx, caller.accountId);
    const label = nextFreeLabel(base, await findLabelsLike(tx, caller.accountId, base));
    return insertProfile(tx, {
      accountId: caller.accountId,
      label,
      title: input.title,
      placeId: input.placeId,
      townCity: town.townCity,
      county: town.county,
      state: town.state,
      country: town.country,
      formattedAddress: town.formatted,
      lat: town.lat,
      lng: town.lng,
    });
  });
  // LOCAL-22: the town's photo as the profile's cover, when the provider has one.
  const details = ctx.places.findsPlaces
    ? await lookupPlaceDetails(ctx, caller.accountId, input.placeId).catch(() => null)
    : null;
  const coverKey = details?.photoReference
    ? await storeProviderPhoto(ctx, details.photoReference, ownerOfProfile(profile).folder)
    : null;
  const saved = coverKey ? ((await setProfileCover(ctx.db, profile.id, coverKey)) ?? profile) : profile;
  return toSummary(saved, 0);
}

/** LOCAL-01/03/04: a profile's page — its places by category. */
export async function getProfilePage(ctx: AppContext, caller: Caller, label: string): Promise<LocalAreaPageResponse> {
  const profile = await ownedProfile(ctx, caller, label);
  const { owner, centre } = ownerOfProfile(profile);
  // A profile reaches every guide it is attached to: it may be translated into any of the account's languages.
  const [languages, places] = await Promise.all([
    listAccountGuideLanguages(ctx, caller.accountId),
    findPlaces(ctx.db, owner),
  ]);
  return {
    owner: { kind: "profile", key: profile.label, title: profile.title, centre, languages },
    profiles: [],
    places: await placeDtos(ctx, places),
  };
}

/**
 * LOCAL-24: deletes the profile and its places and detaches it from every property, in one transaction;
 * the places' photos leave storage once it has committed.
 */
export async function deleteProfile(ctx: AppContext, caller: Caller, label: string): Promise<void> {
  const profile = await ownedProfile(ctx, caller, label);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await lockProfile(tx, profile.id))) throw notFound("Local area profile not found");
    await touchPropertyRows(tx, await findLinkedPropertyRows(tx, profile.id), now);
    await deleteProfileRow(tx, profile.id);
  });
  // Every photo of the profile's places lives under its folder.
  await ctx.storage
    .deletePrefix(`${ownerOfProfile(profile).folder}/`)
    .catch((err: unknown) => ctx.log.warn({ err }, "could not delete a profile's folder"));
}

// ---------- a property's page and attachments ----------

/** LOCAL-01/02: the property's places, and the account's profiles with whether each is attached. */
export async function getPropertyLocalArea(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<LocalAreaPageResponse> {
  const property = await ownedGuideProperty(ctx, caller, propertyId);
  const { owner, centre } = ownerOfProperty(property);
  const [profiles, attached, places] = await Promise.all([
    findProfiles(ctx.db, caller.accountId),
    findAttachedProfileIds(ctx.db, property.id),
    findPlaces(ctx.db, owner),
  ]);
  const isAttached = new Set(attached);
  return {
    owner: {
      kind: "property",
      key: property.propertyId,
      title: property.title,
      centre,
      languages: property.languageTranslations,
    },
    profiles: profiles.map((p) => ({ ...toSummary(p, p.placeCount), attached: isAttached.has(p.id) })),
    places: await placeDtos(ctx, places),
  };
}

/** SHARED-06/10, LOCAL-02: attaches or detaches one of the caller's profiles to one of the caller's properties. */
export async function setProfileAttached(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  profileId: string,
  attached: boolean,
): Promise<void> {
  const property = await ownedGuideProperty(ctx, caller, propertyId);
  const profile = await findProfileById(ctx.db, caller.accountId, profileId);
  if (!profile) throw notFound("Local area profile not found");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (attached) await insertLink(tx, { profileId: profile.id, propertyId: property.id, accountId: caller.accountId });
    else await deleteLink(tx, profile.id, property.id);
    await touchPropertyRows(tx, [property.id], now);
  });
}

// ---------- places ----------

async function insertNewPlace(
  ctx: AppContext,
  caller: Caller,
  resolved: ResolvedOwner,
  values: Omit<Parameters<typeof insertPlace>[1], "accountId" | "listRank" | "propertyId" | "profileId">,
  translations: PlaceTranslation[] = [],
): Promise<PlaceRow> {
  const { owner } = resolved;
  const now = ctx.now();
  const alreadyAdded = () => new AppError("PLACE_EXISTS", copy.localArea.alreadyAdded);
  try {
    return await ctx.db.transaction(async (tx) => {
      if ((await countPlaces(tx, owner)) >= MAX_PLACES_PER_OWNER)
        throw new AppError("CONFLICT", `A list holds at most ${MAX_PLACES_PER_OWNER} places.`);
      if (values.providerPlaceId && (await findPlaceByProviderId(tx, owner, values.providerPlaceId)))
        throw alreadyAdded();
      const row = await insertPlace(tx, {
        ...values,
        accountId: caller.accountId,
        propertyId: owner.propertyRowId ?? null,
        profileId: owner.profileId ?? null,
        listRank: await nextRank(tx, owner, values.categoryLabel),
        createdAt: now,
        updatedAt: now,
      });
      await replacePlaceTranslations(tx, row.id, translations, now);
      await touchOwner(tx, owner, now);
      return row;
    });
  } catch (error) {
    // Two hosts' tabs adding the same place at once: the unique index has the last word (LOCAL-08).
    if (isUniqueViolation(error)) throw alreadyAdded();
    throw error;
  }
}

/**
 * LOCAL-14/22, XCUT-43: fetches a photo from the provider once, through the server (the key never reaches a
 * browser), re-encodes it like an upload and stores it under `folder`. Null when the provider has none or
 * the fetch fails (logged, not answered: a place or profile without a photo is still useful).
 */
async function storeProviderPhoto(ctx: AppContext, photoReference: string, folder: string): Promise<string | null> {
  try {
    const photo = await ctx.places.photo(photoReference, PLACE_PHOTO_WIDTH);
    if (!photo) return null;
    const key = `${folder}/photo-${randomUUID().slice(0, 8)}.webp`;
    await ctx.storage.put(key, await normalizeImage(photo.bytes), "image/webp");
    return key;
  } catch (err) {
    ctx.log.warn({ err, folder }, "could not fetch a photo from the places provider");
    return null;
  }
}

/** A new place's photo from the provider, when it has one (LOCAL-13/14). */
async function fetchPlacePhoto(ctx: AppContext, resolved: ResolvedOwner, place: PlaceRow): Promise<PlaceRow> {
  if (!place.photoReference) return place;
  const key = await storeProviderPhoto(ctx, place.photoReference, `${resolved.folder}/${place.id}`);
  if (!key) return place;
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updatePlaceRow(tx, place.id, { imageKey: key }, ctx.now());
    await touchOwner(tx, resolved.owner, ctx.now());
    return updated;
  });
  if (!row) await deleteFilesAfterCommit(ctx, [key]);
  return row ?? place;
}

/**
 * LOCAL-07…11: adds a place to a list — one found through the places search (its details looked up on the
 * server, LOCAL-09/10, and refused when already on the list, LOCAL-08), or a custom one (LOCAL-11).
 */
export async function addPlace(
  ctx: AppContext,
  caller: Caller,
  ref: OwnerRef,
  body: AddPlaceRequest,
): Promise<LocalPlaceDto> {
  const resolved = await resolveOwner(ctx, caller, ref);
  if (body.source === "custom") {
    const { source: _source, translations, ...fields } = body;
    return (await placeDtos(ctx, [await insertNewPlace(ctx, caller, resolved, fields, translations)]))[0]!;
  }
  if (await findPlaceByProviderId(ctx.db, resolved.owner, body.placeId))
    throw new AppError("PLACE_EXISTS", copy.localArea.alreadyAdded);
  const details = await lookupPlaceDetails(ctx, caller.accountId, body.placeId);
  if (!details) throw notFound("Place not found");
  const row = await insertNewPlace(ctx, caller, resolved, {
    categoryLabel: body.categoryLabel,
    title: details.name.slice(0, 200),
    detailText: "",
    webLink: details.website && /^https?:\/\//i.test(details.website) ? details.website : null,
    phone: details.phone,
    address: details.formattedAddress,
    lat: details.lat,
    lng: details.lng,
    providerPlaceId: details.placeId,
    photoReference: details.photoReference,
    rating: details.rating,
    placeType: details.placeType,
  });
  return (await placeDtos(ctx, [await fetchPlacePhoto(ctx, resolved, row)]))[0]!;
}

async function ownedPlace(ctx: AppContext, caller: Caller, placeId: string): Promise<PlaceRow> {
  const place = await findPlace(ctx.db, caller.accountId, placeId);
  if (!place) throw notFound("Place not found");
  return place;
}

/** Edits a place (LOCAL-11): any field, the pin included; ContentVersion + 1. */
export async function updatePlace(
  ctx: AppContext,
  caller: Caller,
  placeId: string,
  patch: UpdatePlaceRequest,
): Promise<LocalPlaceDto> {
  const place = await ownedPlace(ctx, caller, placeId);
  const { owner } = await ownerOfPlace(ctx, place);
  const now = ctx.now();
  const { translations, ...fields } = patch;
  const row = await ctx.db.transaction(async (tx) => {
    const values: Partial<PlaceRow> = { ...fields };
    // A place moved to another category goes to its end.
    if (patch.categoryLabel && patch.categoryLabel !== place.categoryLabel)
      values.listRank = await nextRank(tx, owner, patch.categoryLabel);
    const updated = await updatePlaceRow(tx, place.id, values, now);
    if (!updated) throw notFound("Place not found");
    if (translations) await replacePlaceTranslations(tx, place.id, translations, now);
    await touchOwner(tx, owner, now);
    return updated;
  });
  return (await placeDtos(ctx, [row]))[0]!;
}

/** Deletes a place; its photo leaves storage after the commit. */
export async function deletePlace(ctx: AppContext, caller: Caller, placeId: string): Promise<void> {
  const place = await ownedPlace(ctx, caller, placeId);
  const { owner } = await ownerOfPlace(ctx, place);
  const now = ctx.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    const row = await deletePlaceRow(tx, place.id);
    if (row) await touchOwner(tx, owner, now);
    return row;
  });
  await deleteFilesAfterCommit(ctx, [deleted?.imageKey ?? null]);
}

/** LOCAL-06: the new order of a category's places; the ids must be places of that category on that list. */
export async function reorderPlaces(
  ctx: AppContext,
  caller: Caller,
  ref: OwnerRef,
  input: ReorderPlacesRequest,
): Promise<void> {
  const { owner } = await resolveOwner(ctx, caller, ref);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const ids = await findCategoryPlaceIds(tx, owner, input.categoryLabel);
    const own = new Set(ids);
    const wanted = [...new Set(input.placeIds)];
    if (wanted.some((id) => !own.has(id))) throw notFound("Place not found");
    await writeRanks(tx, [...wanted, ...ids.filter((id) => !wanted.includes(id))], now);
    await touchOwner(tx, owner, now);
  });
}

/** A place's photo from the host (FILE rules: checked by content, re-encoded); the old one goes after the commit. */
export async function setPlaceImage(
  ctx: AppContext,
  caller: Caller,
  placeId: string,
  readUpload: () => Promise<ReceivedFile>,
): Promise<LocalPlaceDto> {
  const place = await ownedPlace(ctx, caller, placeId);
  const resolved = await ownerOfPlace(ctx, place);
  const upload = await readUpload();
  const key = await storeImage(ctx, `${resolved.folder}/${place.id}`, "photo", upload);
  return replaceImage(ctx, resolved, place, key);
}

export async function removePlaceImage(ctx: AppContext, caller: Caller, placeId: string): Promise<LocalPlaceDto> {
  const place = await ownedPlace(ctx, caller, placeId);
  return replaceImage(ctx, await ownerOfPlace(ctx, place), place, null);
}

async function replaceImage(
  ctx: AppContext,
  resolved: ResolvedOwner,
  place: PlaceRow,
  key: string | null,
): Promise<LocalPlaceDto> {
  const now = ctx.now();
  let result: { row: PlaceRow; previous: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      // Read again inside the transaction: a racing replacement's file must be the one deleted.
      const current = await findPlace(tx, place.accountId, place.id);
      if (!current) throw notFound("Place not found");
      const row = await updatePlaceRow(tx, place.id, { imageKey: key }, now);
      if (!row) throw notFound("Place not found");
      await touchOwner(tx, resolved.owner, now);
      return { row, previous: current.imageKey };
    });
  } catch (error) {
    await deleteFilesAfterCommit(ctx, [key]);
    throw error;
  }
  await deleteFilesAfterCommit(ctx, [result.previous]);
  return (await placeDtos(ctx, [result.row]))[0]!;
}

/**
 * Duplicate a guide (issue 17): the property's own places, their photos copied in storage so the two guides
 * never share a file, and its profile attachments. The target's are cleared first, so a copy taken up again
 * after a restart starts over rather than doubling.
 */
export async function copyLocalArea(
  ctx: AppContext,
  from: { id: string; accountId: string },
  to: { id: string; accountId: string },
): Promise<void> {
  const folder = `accounts/${to.accountId}/properties/${to.id}/local-places`;
  await clearPropertyLocalArea(ctx.db, to.id);
  await ctx.storage.deletePrefix(`${folder}/`);
  const [places, profileIds] = await Promise.all([
    findPlaces(ctx.db, { propertyRowId: from.id }),
    findAttachedProfileIds(ctx.db, from.id),
  ]);
  const now = ctx.now();
  const translations = await findPlaceTranslations(
    ctx.db,
    places.map((p) => p.id),
  );
  for (const { id: oldId, ...place } of places) {
    const id = randomUUID();
    let imageKey: string | null = null;
    if (place.imageKey) {
      imageKey = `${folder}/${id}/${place.imageKey.split("/").pop()}`;
      await ctx.storage.copy(place.imageKey, imageKey);
    }
    await insertPlace(ctx.db, { ...place, id, propertyId: to.id, imageKey, createdAt: now, updatedAt: now });
    await replacePlaceTranslations(
      ctx.db,
      id,
      translations.filter((t) => t.placeId === oldId),
      now,
    );
  }
  for (const profileId of profileIds)
    await insertLink(ctx.db, { profileId, propertyId: to.id, accountId: to.accountId });
}
