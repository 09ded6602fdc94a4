import { nextFreeLabel, profileLabel } from "@doorstep/shared/rules/local-area";
import {
  PROFILES_PAGE_SIZE,
  type CreateProfileRequest,
  type LocalAreaPageResponse,
  type ProfileListQuery,
  type ProfilesResponse,
  type ProfileSummary,
} from "@doorstep/shared/schemas/local-area";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { lookupAddress, lookupPlaceDetails } from "../places/places.service.ts";
import { listAccountGuideLanguages, touchProperties } from "../properties/property.service.ts";
import {
  deleteLink,
  deleteProfileRow,
  findAttachedProfileIds,
  findLabelsLike,
  findLinkedPropertyRows,
  findPlaces,
  findProfileById,
  findProfiles,
  insertLink,
  insertProfile,
  lockAccountLabels,
  lockProfile,
  setProfileCover,
  type ProfileCursor,
} from "./local-area.repository.ts";
import {
  ownedGuideProperty,
  ownedProfile,
  ownerOfProfile,
  ownerOfProperty,
  placeDtos,
  storeProviderPhoto,
  toSummary,
} from "./local-area-owners.ts";

/**
 * How many profiles a property's local-area page offers to attach: more than any account keeps, and a bound on
 * the page (docs/architecture.md §4), which shows them all at once with their attach state.
 */
const MAX_ATTACHABLE_PROFILES = 1000;

/** LOCAL-15/16/26: a page of the caller's profiles with their place counts, by title. */
export async function listProfiles(
  ctx: AppContext,
  caller: Caller,
  query: ProfileListQuery = {},
): Promise<ProfilesResponse> {
  const limit = query.limit ?? PROFILES_PAGE_SIZE;
  const rows = await findProfiles(ctx.db, caller.accountId, { after: decodeCursor(query.cursor), limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((p) => toSummary(p, p.placeCount)),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

function encodeCursor(row: ProfileCursor): string {
  return Buffer.from(JSON.stringify([row.title, row.label])).toString("base64url");
}

function decodeCursor(raw: string | undefined): ProfileCursor | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string")) {
      const [title, label] = value as [string, string];
      return { title, label };
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError("INVALID_CURSOR");
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
  if (!town) throw new AppError("LOCAL_AREA_INCOMPLETE");
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
    if (!(await lockProfile(tx, profile.id))) throw notFound("local-area-profile");
    await touchProperties(tx, await findLinkedPropertyRows(tx, profile.id), now);
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
    findProfiles(ctx.db, caller.accountId, { limit: MAX_ATTACHABLE_PROFILES }),
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
  if (!profile) throw notFound("local-area-profile");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (attached) await insertLink(tx, { profileId: profile.id, propertyId: property.id, accountId: caller.accountId });
    else await deleteLink(tx, profile.id, property.id);
    await touchProperties(tx, [property.id], now);
  });
}

// ---------- places ----------
