// Shared by the local-area services: whose list a place is on, the DTOs, and the files a change leaves behind.
import { randomUUID } from "node:crypto";
import type { LocalPlaceDto, ProfileSummary } from "@doorstep/shared/schemas/local-area";
import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/app-error.ts";
import { normalizeImage } from "../../lib/images.ts";
import { fileUrl } from "../../lib/urls.ts";
import { getOwnedProperty, touchProperties, type PropertyWithManager } from "../properties/property.service.ts";
import {
  findLinkedPropertyRows,
  findPlaceTranslations,
  findProfileById,
  findProfileByLabel,
  type PlaceOwner,
  type PlaceRow,
  type PlaceTranslationRow,
  type ProfileRow,
} from "./local-area.repository.ts";

/** A list of places as the routes name it: a property by its weblink, or a profile by its label. */
export type OwnerRef = { propertyId: string } | { profileLabel: string };

/** The widest photo fetched from the provider for a place (the guide shows it at most ~600 px wide). */
const PLACE_PHOTO_WIDTH = 1200;

export function toSummary(p: ProfileRow, placeCount: number): ProfileSummary {
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
export async function placeDtos(ctx: AppContext, rows: PlaceRow[]): Promise<LocalPlaceDto[]> {
  const translations = await findPlaceTranslations(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPlaceDto(r, translations));
}

/** An ordinary property of the caller; the shared-content property has no guide and no local area (404). */
export async function ownedGuideProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<PropertyWithManager> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  if (property.isShared) throw notFound("property");
  return property;
}

export async function ownedProfile(ctx: AppContext, caller: Caller, label: string): Promise<ProfileRow> {
  const profile = await findProfileByLabel(ctx.db, caller.accountId, label);
  if (!profile) throw notFound("local-area-profile");
  return profile;
}

export interface ResolvedOwner {
  owner: PlaceOwner;
  /** The place folder in storage: under the property's or the profile's, so deleting either takes its files. */
  folder: string;
  centre: { lat: number; lng: number } | null;
}

export function ownerOfProperty(p: PropertyWithManager): ResolvedOwner {
  return {
    owner: { propertyRowId: p.id },
    folder: `accounts/${p.accountId}/properties/${p.id}/local-places`,
    centre: p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null,
  };
}

export function ownerOfProfile(p: ProfileRow): ResolvedOwner {
  return {
    owner: { profileId: p.id },
    folder: `accounts/${p.accountId}/local-area-profiles/${p.id}`,
    centre: p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null,
  };
}

export async function resolveOwner(ctx: AppContext, caller: Caller, ref: OwnerRef): Promise<ResolvedOwner> {
  return "propertyId" in ref
    ? ownerOfProperty(await ownedGuideProperty(ctx, caller, ref.propertyId))
    : ownerOfProfile(await ownedProfile(ctx, caller, ref.profileLabel));
}

/** The place's list again, from the place's row: ownership was checked when the row was found by account. */
export async function ownerOfPlace(ctx: AppContext, place: PlaceRow): Promise<ResolvedOwner> {
  if (place.propertyId)
    return {
      owner: { propertyRowId: place.propertyId },
      folder: `accounts/${place.accountId}/properties/${place.propertyId}/local-places`,
      centre: null,
    };
  const profile = await findProfileById(ctx.db, place.accountId, place.profileId!);
  if (!profile) throw notFound("place");
  return ownerOfProfile(profile);
}

/** The guides a change to this list shows in: the property, or every property the profile is attached to. */
export async function touchOwner(db: Db, owner: PlaceOwner, at: Date): Promise<void> {
  const rows = owner.propertyRowId ? [owner.propertyRowId] : await findLinkedPropertyRows(db, owner.profileId!);
  await touchProperties(db, rows, at);
}

export async function deleteFilesAfterCommit(ctx: AppContext, keys: (string | null)[]): Promise<void> {
  for (const key of keys)
    if (key)
      await ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, "could not delete a local place file"));
}

// ---------- profiles ----------

/**
 * LOCAL-14/22, XCUT-43: fetches a photo from the provider once, through the server (the key never reaches a
 * browser), re-encodes it like an upload and stores it under `folder`. Null when the provider has none or
 * the fetch fails (logged, not answered: a place or profile without a photo is still useful).
 */
export async function storeProviderPhoto(
  ctx: AppContext,
  photoReference: string,
  folder: string,
): Promise<string | null> {
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
