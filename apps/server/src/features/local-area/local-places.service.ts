import { randomUUID } from "node:crypto";
import { MAX_PLACES_PER_OWNER } from "@doorstep/shared/rules/local-area";
import type {
  AddPlaceRequest,
  LocalPlaceDto,
  PlaceTranslation,
  ReorderPlacesRequest,
  UpdatePlaceRequest,
} from "@doorstep/shared/schemas/local-area";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { storeImage } from "../../lib/uploads.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { lookupPlaceDetails } from "../places/places.service.ts";
import {
  clearPropertyLocalArea,
  countPlaces,
  deletePlaceRow,
  findAttachedProfileIds,
  findCategoryPlaceIds,
  findPlace,
  findPlaceByProviderId,
  findPlaces,
  findPlaceTranslations,
  insertLink,
  insertPlace,
  nextRank,
  replacePlaceTranslations,
  updatePlaceRow,
  writeRanks,
  type PlaceRow,
  findPlacePropertyRowId,
} from "./local-area.repository.ts";
import {
  deleteFilesAfterCommit,
  ownerOfPlace,
  placeDtos,
  resolveOwner,
  storeProviderPhoto,
  touchOwner,
  type OwnerRef,
  type ResolvedOwner,
} from "./local-area-owners.ts";

async function insertNewPlace(
  ctx: AppContext,
  caller: Caller,
  resolved: ResolvedOwner,
  values: Omit<Parameters<typeof insertPlace>[1], "accountId" | "listRank" | "propertyId" | "profileId">,
  translations: PlaceTranslation[] = [],
): Promise<PlaceRow> {
  const { owner } = resolved;
  const now = ctx.now();
  const alreadyAdded = () => new AppError("PLACE_EXISTS");
  try {
    return await ctx.db.transaction(async (tx) => {
      if ((await countPlaces(tx, owner)) >= MAX_PLACES_PER_OWNER)
        throw new AppError("PLACE_LIST_FULL", { max: MAX_PLACES_PER_OWNER });
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
  if (await findPlaceByProviderId(ctx.db, resolved.owner, body.placeId)) throw new AppError("PLACE_EXISTS");
  const details = await lookupPlaceDetails(ctx, caller.accountId, body.placeId);
  if (!details) throw notFound("place");
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
  if (!place) throw notFound("place");
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
    if (!updated) throw notFound("place");
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
    if (wanted.some((id) => !own.has(id))) throw notFound("place");
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
      if (!current) throw notFound("place");
      const row = await updatePlaceRow(tx, place.id, { imageKey: key }, now);
      if (!row) throw notFound("place");
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
 * Duplicate a guide: the property's own places, their photos copied in storage so the two guides
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

/**
 * The property row a place of the account belongs to: null for a profile's place (profiles are the account's),
 * undefined when there is no such place. The permission hook's property scope (decision 056).
 */
export function placePropertyRowId(ctx: AppContext, accountId: string, placeId: string) {
  return findPlacePropertyRowId(ctx.db, accountId, placeId);
}
