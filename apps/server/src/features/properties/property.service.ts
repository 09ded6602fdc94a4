import { randomUUID } from "node:crypto";
import path from "node:path";
import { copy } from "@doorstep/shared/copy";
import { COVER_IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { checkWeblink } from "@doorstep/shared/rules/property";
import type { CreatePropertyRequest, PropertyDto, UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { newToken } from "../../lib/tokens.ts";
import { purgeGuideCache } from "../../lib/guide-purge.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { variantKey } from "../../lib/images.ts";
import { deleteStoredFile, storeImage, storeImageVariants } from "../../lib/uploads.ts";
import { syncBilledQuantity } from "../billing/billing-events.service.ts";
import { ensureDefaultManager, getManagerIdByVanityId } from "../managers/manager.service.ts";
import { toPropertyDto } from "./property.dto.ts";
import {
  archiveOwnedProperty,
  findAccountGuideLanguages,
  findCompanyBrand,
  findOwnedProperty,
  findOwnedPropertyView,
  insertProperty,
  isWeblinkFree,
  syncMessagingStatus,
  updateOwnedProperty,
  type PropertyPatch,
  type PropertyWithManager,
} from "./property.repository.ts";

export type { PropertyRow, PropertyWithManager } from "./property.repository.ts";

/** The caller's property or 404, exactly as for an id that does not exist (XCUT-15). */
export async function getOwnedProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<PropertyWithManager> {
  const property = await findOwnedProperty(ctx.db, caller.accountId, propertyId);
  if (!property) throw notFound("Property not found");
  return property;
}

const SHARED_CONTENT_LOCKED =
  "The shared content area is not a guide: it cannot be edited, published, deleted, protected with a passcode or given a cover here.";

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
  if (property.isShared) throw new AppError("CONFLICT", SHARED_CONTENT_LOCKED);
  return property;
}

/** The property as the dashboard shows it. */
export async function getPropertyDto(ctx: AppContext, caller: Caller, propertyId: string): Promise<PropertyDto> {
  const view = await findOwnedPropertyView(ctx.db, caller.accountId, propertyId);
  if (!view) throw notFound("Property not found");
  return toPropertyDto(ctx, view.property, view.account);
}

/** Lists every translation language of the account's live guides, sorted (what shared items are written in). */
export function listAccountGuideLanguages(ctx: AppContext, accountId: string): Promise<string[]> {
  return findAccountGuideLanguages(ctx.db, accountId);
}

/** Gets the account's company brand name and colour, or null without a company. */
export function getCompanyBrand(ctx: AppContext, accountId: string) {
  return findCompanyBrand(ctx.db, accountId);
}

function assertWeblinkForm(propertyId: string): void {
  if (checkWeblink(propertyId) === "characters") {
    throw new AppError("WEBLINK_INVALID", copy.properties.weblinkCharacters);
  }
  if (checkWeblink(propertyId)) throw new AppError("WEBLINK_TAKEN", copy.properties.weblinkUnavailable);
}

/** Whether a weblink is free across every account, archived properties included (PROP-10). */
export async function isWeblinkAvailable(ctx: AppContext, propertyId: string): Promise<boolean> {
  if (checkWeblink(propertyId)) return false;
  return isWeblinkFree(ctx.db, propertyId);
}

/** Creates a property owned by the caller, linked to the default manager, as a draft (PROP-12, PROP-34). */
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
      // A draft until the host publishes it (decision 020): no empty guide without a passcode is public.
      published: false,
      guideSessionToken: newToken(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("WEBLINK_TAKEN", copy.properties.weblinkUnavailable);
    throw error;
  }
  await syncBilledQuantity(ctx, caller.accountId); // billing (IMPL-15): never throws
  return getPropertyDto(ctx, caller, input.propertyId);
}

/**
 * A new property made as a copy of one of the caller's (issue 17, duplicate): the same weblink rules as
 * create; Basic Setup and settings copied except the address (and what follows from it: what3words,
 * experience destinations), the weblink and the passcode; the cover copied in storage. Billed like any other.
 * The guide's content is copied afterwards, by the caller, with progress.
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
      // A draft like any new property (decision 020): the passcode is not copied, so it must not go live unasked.
      published: false,
      inboundMessagingActive: source.inboundMessagingActive,
      outboundMessagingActive: source.outboundMessagingActive,
      guideSessionToken: newToken(),
    });
  } catch (error) {
    await ctx.storage.deletePrefix(`${folder}/`);
    if (isUniqueViolation(error)) throw new AppError("WEBLINK_TAKEN", copy.properties.weblinkUnavailable);
    throw error;
  }
  if (source.inboundMessagingActive) await syncMessagingStatus(ctx.db, caller.accountId);
  await syncBilledQuantity(ctx, caller.accountId); // billing (IMPL-15): never throws
  return { id, accountId: caller.accountId, propertyId: input.propertyId, title: input.title };
}

/** Applies an owner-editable patch (SETUP-03/04) and keeps the languages consistent (OPEN-45). */
export async function updateProperty(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  input: UpdatePropertyRequest,
): Promise<void> {
  const property = await getOwnedGuideProperty(ctx, caller, propertyId);
  const { address, managerVanityId, ...rest } = input;
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
  // Company branding stands in for the colours of SETUP-20 (CO-07) only when there is a company behind it.
  if (input.companyProfile && !(await getCompanyBrand(ctx, caller.accountId))) {
    throw new AppError("VALIDATION_FAILED", copy.basicSetup.companyBrandingNeedsCompany, [
      { path: ["companyProfile"], message: copy.basicSetup.companyBrandingNeedsCompany },
    ]);
  }
  if (managerVanityId) {
    patch.managerId = await getManagerIdByVanityId(ctx, caller, managerVanityId);
  }
  const translations = input.languageTranslations ?? property.languageTranslations;
  const defaultLanguage = input.defaultLanguage ?? property.defaultLanguage;
  if (defaultLanguage !== "en" && !translations.includes(defaultLanguage)) {
    if (input.defaultLanguage) {
      throw new AppError("VALIDATION_FAILED", "The default language must be English or one of the translations.", [
        { path: ["defaultLanguage"], message: "Tick this language as a translation first." },
      ]);
    }
    patch.defaultLanguage = "en";
  }
  if (input.languageTranslations)
    patch.languageTranslations = [...new Set(input.languageTranslations.filter((c) => c !== "en"))];
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, patch, ctx.now());
  if (input.inboundMessagingActive !== undefined) await syncMessagingStatus(ctx.db, caller.accountId);
  // Unpublished (PROP-17): no cached page may show it a moment longer; published again: nor the unavailable page.
  // (Deactivation is the operator's CLI.) Messages switched on or off: the way to write appears or goes at once.
  if (input.published !== undefined || input.inboundMessagingActive !== undefined)
    await purgeGuideCache(ctx, propertyId);
}

/** Sets or removes the passcode and rotates the guide session token, signing every guest out (PROP-24/25). */
export async function setPasscode(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  passcode: string | null,
): Promise<void> {
  await getOwnedGuideProperty(ctx, caller, propertyId);
  const patch = { passcodeEncrypted: passcode ? ctx.secrets.seal(passcode) : null, guideSessionToken: newToken() };
  await updateOwnedProperty(ctx.db, caller.accountId, propertyId, patch, ctx.now());
  await purgeGuideCache(ctx, propertyId);
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

/** Deletes a property as OPEN-39 says: archived now (offline, unlisted, unbilled), content and files purged by a job. */
export async function deleteProperty(ctx: AppContext, caller: Caller, propertyId: string): Promise<void> {
  await getOwnedGuideProperty(ctx, caller, propertyId);
  if (!(await archiveOwnedProperty(ctx.db, caller.accountId, propertyId, ctx.now())))
    throw notFound("Property not found");
  await purgeGuideCache(ctx, propertyId);
  await syncMessagingStatus(ctx.db, caller.accountId);
  await syncBilledQuantity(ctx, caller.accountId); // billing (IMPL-15): never throws
}
