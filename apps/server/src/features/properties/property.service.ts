import { randomUUID } from "node:crypto";
import path from "node:path";
import { COVER_IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { checkWeblink } from "@doorstep/shared/rules/property";
import type { CreatePropertyRequest, PropertyDto, UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { inPropertyScope } from "../../lib/property-scope.ts";
import { recordActivity } from "../audit/audit.service.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { newToken } from "../../lib/tokens.ts";
import { purgeGuideCache } from "../../lib/guide-purge.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { variantKey } from "../../lib/images.ts";
import { deleteStoredFile, storeImage, storeImageVariants } from "../../lib/uploads.ts";
import { ensureDefaultManager, getManagerIdByVanityId } from "../managers/manager.service.ts";
import { getAccountTimeZone } from "../users/account-analytics.service.ts";
import { zoneAtPin } from "./property-time-zone.ts";
import { toPropertyDto } from "./property.dto.ts";
import { checkPropertyEdit, editRejectionError, syncMessagingStatus } from "./property-edit.service.ts";
import {
  archiveOwnedProperty,
  findAccountDefaultLanguages,
  findAccountGuideLanguages,
  findCompanyBrand,
  findOwnedProperty,
  findOwnedPropertyView,
  findGuideSettingsById,
  findPropertyNameById,
  findPropertyWeblinks,
  touchPropertyRows,
  insertProperty,
  isWeblinkFree,
  updateOwnedProperty,
  type PropertyPatch,
} from "./property.repository.ts";

/** A property as other features see it: its settings, address and state (not its guide's content). */
export interface Property {
  id: string;
  accountId: string;
  propertyId: string;
  title: string;
  coverKey: string | null;
  displayAddress: string | null;
  formattedAddress: string | null;
  addressLineOne: string | null;
  addressLineTwo: string | null;
  townCity: string | null;
  county: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  what3words: string | null;
  showWhat3words: boolean;
  viatorDestinationIds: string[] | null;
  destinationsMaxDistanceKm: number | null;
  defaultLanguage: string;
  languageTranslations: string[];
  timeZone: string;
  /** "chosen" by the host, else from the "pin" or the "account" until a pin is known (decision 040). */
  timeZoneSource: "account" | "pin" | "chosen";
  defaultCheckInTime: string;
  defaultCheckOutTime: string;
  managerId: string | null;
  hexPrimary: string | null;
  hexSecondary: string | null;
  companyProfile: boolean;
  themeLabel: "default" | "custom" | "city" | "countryside" | "seaside";
  passcodeEncrypted: string | null;
  guideSessionToken: string;
  published: boolean;
  active: boolean;
  isShared: boolean;
  inboundMessagingActive: boolean;
  outboundMessagingActive: boolean;
  archivedAt: Date | null;
  purgedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The manager a property links, as its card shows them (MGR-01). */
export interface PropertyManager {
  id: string;
  accountId: string;
  vanityId: string;
  firstName: string;
  lastName: string;
  photoKey: string | null;
  email: string | null;
  tel: string | null;
  messageAppName: string | null;
  messageAppLink: string | null;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A property with the manager it links, if any. */
export type PropertyWithManager = Property & { manager: PropertyManager | null };

/** The caller's property or 404, exactly as for an id that does not exist (XCUT-15). */
export async function getOwnedProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<PropertyWithManager> {
  const property = await findOwnedProperty(ctx.db, caller.accountId, propertyId);
  if (!property || !inPropertyScope(caller, property.id, property.isShared)) throw notFound("property");
  return property;
}

/**
 * The row id of one of the account's properties by its weblink, and whether it is the shared-content property;
 * null when there is none. The permission hook checks a member's property scope with it (decision 056).
 */
export async function propertyRowOf(
  ctx: AppContext,
  accountId: string,
  propertyId: string,
): Promise<{ id: string; isShared: boolean } | null> {
  const property = await findOwnedProperty(ctx.db, accountId, propertyId);
  return property ? { id: property.id, isShared: property.isShared } : null;
}

/**
 * The caller's property that has a guide of its own, for the routes that change it. The shared-content
 * property (SHARED-01) only holds shared items: archiving or publishing it would strand them (409).
 */
export async function getOwnedGuideProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<PropertyWithManager> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  if (property.isShared) throw editRejectionError("shared-content");
  return property;
}

/** The property as the dashboard shows it. */
export async function getPropertyDto(ctx: AppContext, caller: Caller, propertyId: string): Promise<PropertyDto> {
  const view = await findOwnedPropertyView(ctx.db, caller.accountId, propertyId);
  if (!view || !inPropertyScope(caller, view.property.id, view.property.isShared)) throw notFound("property");
  return toPropertyDto(ctx, view.property, view.account);
}

/** The weblink and title of one of the account's properties, archived or not, by its row id; null when none. */
export function getPropertyNameById(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<{ propertyId: string; title: string } | null> {
  return findPropertyNameById(ctx.db, accountId, id);
}

/**
 * Marks properties changed (their guides' "last updated", HOME-22) when content shown in them changes. `db` is
 * the caller's transaction: the mark commits with the change, and it locks the rows, so concurrent saves on
 * one property take ranks one after another.
 */
export function touchProperties(db: Db, propertyRowIds: string[], at: Date): Promise<void> {
  return touchPropertyRows(db, propertyRowIds, at);
}

/** A property's guide settings by its row id, for the public guide's content (no caller: the guide decides). */
export function getGuideSettings(
  ctx: AppContext,
  propertyRowId: string,
): Promise<Pick<Property, "id" | "themeLabel" | "isShared" | "accountId"> | null> {
  return findGuideSettingsById(ctx.db, propertyRowId);
}

/** The weblinks of properties by row id, sorted. */
export async function getPropertyWeblinks(ctx: AppContext, propertyRowIds: string[]): Promise<string[]> {
  const rows = await findPropertyWeblinks(ctx.db, propertyRowIds);
  return rows.map((r) => r.propertyId).sort();
}

/** Lists every translation language of the account's live guides, sorted (what shared items are written in). */
export function listAccountGuideLanguages(ctx: AppContext, accountId: string): Promise<string[]> {
  return findAccountGuideLanguages(ctx.db, accountId);
}

/** Lists the default languages of the account's live guides, sorted. */
export function listAccountDefaultLanguages(ctx: AppContext, accountId: string): Promise<string[]> {
  return findAccountDefaultLanguages(ctx.db, accountId);
}

/** Gets the account's company brand name and colour, or null without a company. */
export function getCompanyBrand(ctx: AppContext, accountId: string) {
  return findCompanyBrand(ctx.db, accountId);
}

function assertWeblinkForm(propertyId: string): void {
  if (checkWeblink(propertyId) === "characters") {
    throw new AppError("WEBLINK_INVALID");
  }
  if (checkWeblink(propertyId)) throw new AppError("WEBLINK_TAKEN");
}

/** Whether a weblink is free across every account, archived properties included (PROP-10). */
export async function isWeblinkAvailable(ctx: AppContext, propertyId: string): Promise<boolean> {
  if (checkWeblink(propertyId)) return false;
  return isWeblinkFree(ctx.db, propertyId);
}

/**
 * Creates a property owned by the caller, linked to the default manager, as a draft (PROP-12, PROP-34). Billing
 * follows in the command that runs this (commands/create-property.ts).
 */
export async function createProperty(
  ctx: AppContext,
  caller: Caller,
  input: CreatePropertyRequest,
): Promise<PropertyDto> {
  assertWeblinkForm(input.propertyId);
  const manager = await ensureDefaultManager(ctx, caller);
  try {
    // The unique index decides a race between two creates of one weblink (PROP-12).
    const now = ctx.now();
    await insertProperty(ctx.db, {
      createdAt: now,
      updatedAt: now,
      accountId: caller.accountId,
      propertyId: input.propertyId,
      title: input.title,
      managerId: manager.id,
      // The account's zone until a pin gives the property its own (decision 040).
      timeZone: (await getAccountTimeZone(ctx, caller.accountId)) ?? "UTC",
      // A draft until the host publishes it (decision 020): no empty guide without a passcode is public.
      published: false,
      guideSessionToken: newToken(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("WEBLINK_TAKEN");
    throw error;
  }
  return getPropertyDto(ctx, caller, input.propertyId);
}

/**
 * A new property made as a copy of one of the caller's (duplicate): the same weblink rules as
 * create; Basic Setup and settings copied except the address (and what follows from it: what3words,
 * experience destinations), the weblink and the passcode; the cover copied in storage. The command that runs
 * this bills it like any other and copies the guide's content afterwards, with progress.
 */
export async function createPropertyCopy(
  ctx: AppContext,
  caller: Caller,
  source: PropertyWithManager,
  input: CreatePropertyRequest,
): Promise<{ id: string; accountId: string; propertyId: string; title: string }> {
  assertWeblinkForm(input.propertyId);
  const id = randomUUID();
  const folder = `accounts/${caller.accountId}/properties/${id}`;
  const coverKey = source.coverKey ? `${folder}/${path.posix.basename(source.coverKey)}` : null;
  if (source.coverKey && coverKey) {
    await ctx.storage.copy(source.coverKey, coverKey);
    // Its srcset variants too, made at upload (a copy's first guest should not wait for a resize either).
    for (const width of COVER_IMAGE_WIDTHS) {
      const variant = variantKey(source.coverKey, width);
      if (await ctx.storage.stat(variant)) await ctx.storage.copy(variant, variantKey(coverKey, width));
    }
  }
  try {
    const now = ctx.now();
    await insertProperty(ctx.db, {
      id,
      createdAt: now,
      updatedAt: now,
      accountId: caller.accountId,
      propertyId: input.propertyId,
      title: input.title,
      coverKey,
      managerId: source.managerId,
      defaultLanguage: source.defaultLanguage,
      languageTranslations: source.languageTranslations,
      hexPrimary: source.hexPrimary,
      hexSecondary: source.hexSecondary,
      companyProfile: source.companyProfile,
      themeLabel: source.themeLabel,
      destinationsMaxDistanceKm: source.destinationsMaxDistanceKm,
      // The copy has no pin: a zone the host chose stays chosen, one from the pin is refreshed by the copy's own.
      timeZone: source.timeZone,
      timeZoneSource: source.timeZoneSource === "chosen" ? "chosen" : "account",
      defaultCheckInTime: source.defaultCheckInTime,
      defaultCheckOutTime: source.defaultCheckOutTime,
      // A draft like any new property (decision 020): the passcode is not copied, so it must not go live unasked.
      published: false,
      inboundMessagingActive: source.inboundMessagingActive,
      outboundMessagingActive: source.outboundMessagingActive,
      guideSessionToken: newToken(),
    });
  } catch (error) {
    await ctx.storage.deletePrefix(`${folder}/`);
    if (isUniqueViolation(error)) throw new AppError("WEBLINK_TAKEN");
    throw error;
  }
  if (source.inboundMessagingActive) await syncMessagingStatus(ctx, caller.accountId);
  return { id, accountId: caller.accountId, propertyId: input.propertyId, title: input.title };
}

/** What an update changed that the command running it acts on once it commits. */
export interface PropertyUpdateEffects {
  /** Unpublished or published again, or messages switched: the guide's cached pages must go at once. */
  purgeGuide: boolean;
  /** The property's zone moved: its stays' instants follow (decision 040). */
  timeZoneChanged: { propertyRowId: string; timeZone: string } | null;
}

/**
 * Applies an owner-editable patch (SETUP-03/04) and keeps the languages consistent (OPEN-45). A new pin sets
 * the time zone unless the host chose one; a zone sent is the host's choice (decision 040).
 */
export async function updateProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  input: UpdatePropertyRequest,
): Promise<PropertyUpdateEffects> {
  const property = await getOwnedGuideProperty(ctx, caller, propertyId);
  const { address, managerVanityId, timeZone, ...rest } = input;
  const patch: PropertyPatch = { ...rest };
  if (address) {
    Object.assign(patch, {
      formattedAddress: address.formatted,
      addressLineOne: address.lineOne,
      addressLineTwo: address.lineTwo,
      townCity: address.townCity,
      county: address.county,
      state: address.state,
      postcode: address.postcode,
      country: address.country,
      lat: address.lat,
      lng: address.lng,
    });
    // Experience destinations follow the pin, computed here rather than in the browser (SETUP-23, OPEN-61).
    patch.viatorDestinationIds = ctx.destinations.near(address.lat, address.lng, property.destinationsMaxDistanceKm);
    // A first address also becomes the guest-facing one until the host writes their own (SETUP-13).
    if (!property.displayAddress && input.displayAddress === undefined) patch.displayAddress = address.formatted;
  }
  if (timeZone !== undefined) {
    patch.timeZone = timeZone;
    patch.timeZoneSource = "chosen";
  } else if (address && property.timeZoneSource !== "chosen") {
    const zone = zoneAtPin(address.lat, address.lng);
    if (zone) Object.assign(patch, { timeZone: zone, timeZoneSource: "pin" });
  }
  // Basic Setup's rules, shared with the bulk update (a company behind the branding, consistent languages).
  const hasCompany = !input.companyProfile || (await getCompanyBrand(ctx, caller.accountId)) !== null;
  const { companyProfile, defaultLanguage, languageTranslations } = input;
  const checked = checkPropertyEdit(
    property,
    { companyProfile, defaultLanguage, languageTranslations },
    { hasCompany },
  );
  if ("rejected" in checked) throw editRejectionError(checked.rejected);
  Object.assign(patch, checked.edit);
  if (managerVanityId) {
    patch.managerId = await getManagerIdByVanityId(ctx, caller, managerVanityId);
  }
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, patch, ctx.now());
  if (input.inboundMessagingActive !== undefined) await syncMessagingStatus(ctx, caller.accountId);
  const zone = patch.timeZone;
  return {
    // Unpublished (PROP-17): no cached page may show it a moment longer; published again: nor the unavailable
    // page. (Deactivation is the operator's CLI.) Messages switched on or off: the way to write appears or goes.
    purgeGuide: input.published !== undefined || input.inboundMessagingActive !== undefined,
    timeZoneChanged: zone && zone !== property.timeZone ? { propertyRowId: property.id, timeZone: zone } : null,
  };
}

/** Sets or removes the passcode and rotates the guide session token, signing every guest out (PROP-24/25). */
export async function setPasscode(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  passcode: string | null,
): Promise<void> {
  const property = await getOwnedGuideProperty(ctx, caller, propertyId);
  const patch = { passcodeEncrypted: passcode ? ctx.secrets.seal(passcode) : null, guideSessionToken: newToken() };
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, patch, ctx.now());
  await purgeGuideCache(ctx, propertyId);
  // Decision 058: that the passcode was set or removed, never the passcode.
  await recordActivity(ctx, caller, {
    kind: "passcode",
    property: { id: property.id, propertyId },
    details: { action: passcode ? "set" : "removed" },
  });
}

/** Replaces the cover image (SETUP-06); the old file is deleted. */
export async function setCoverImage(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  upload: ReceivedFile,
): Promise<void> {
  const property = await getOwnedGuideProperty(ctx, caller, propertyId);
  const key = await storeImage(ctx, `accounts/${caller.accountId}/properties/${property.id}`, "cover", upload);
  // The cover is the guide's largest paint: its srcset variants are ready before any guest asks.
  await storeImageVariants(ctx, key, COVER_IMAGE_WIDTHS);
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, { coverKey: key }, ctx.now());
  await deleteStoredFile(ctx, property.coverKey);
}

export async function removeCoverImage(ctx: AppContext, caller: Caller, propertyId: string): Promise<void> {
  const property = await getOwnedGuideProperty(ctx, caller, propertyId);
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, { coverKey: null }, ctx.now());
  await deleteStoredFile(ctx, property.coverKey);
}

/**
 * Deletes a property as OPEN-39 says: archived now (offline, unlisted), content and files purged by a job. Only
 * the writes: the command that runs this purges the guide's cached pages after they commit, and unbills it.
 */
export async function archiveProperty(ctx: AppContext, caller: Caller, propertyId: string): Promise<void> {
  await getOwnedGuideProperty(ctx, caller, propertyId);
  if (!(await archiveOwnedProperty(ctx.db, caller.accountId, propertyId, ctx.now()))) throw notFound("property");
  await syncMessagingStatus(ctx, caller.accountId);
}
