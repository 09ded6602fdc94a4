import { inactiveReason, isBasicSetupComplete } from "@doorstep/shared/rules/property";
import type { PropertyDto, PropertySummary } from "@doorstep/shared/schemas/property";
import type { AppContext } from "../../app-context.ts";
import { isSubscriptionActiveSystem } from "../../lib/subscription.ts";
import { fileUrl, guideUrl, qrTarget } from "../../lib/urls.ts";
import type { PropertyListRow } from "./property-list.repository.ts";
import type { AccountFlags, PropertyRow, PropertyWithManager } from "./property.repository.ts";

/** Why a property is not live, from its flags and its account's (PROP-17, OPEN-41). */
export function propertyInactiveReason(
  row: Pick<PropertyRow, "active" | "published">,
  account: AccountFlags,
  now: Date,
) {
  return inactiveReason({
    subscriptionActiveUser: account.subscriptionActiveUser,
    subscriptionActiveSystem: isSubscriptionActiveSystem(account, now),
    active: row.active,
    published: row.published,
  });
}

export function toPropertySummary(row: PropertyListRow, account: AccountFlags, now: Date): PropertySummary {
  return {
    propertyId: row.propertyId,
    title: row.title,
    coverImageUrl: fileUrl(row.coverKey),
    address: row.displayAddress ?? row.formattedAddress,
    live: propertyInactiveReason(row, account, now) === null,
    messagingActive: row.inboundMessagingActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPropertyDto(ctx: AppContext, row: PropertyWithManager, account: AccountFlags): PropertyDto {
  const reason = propertyInactiveReason(row, account, ctx.now());
  const coverImageUrl = fileUrl(row.coverKey);
  const api = `/api/properties/${row.propertyId}`;
  const address =
    row.formattedAddress && row.lat !== null && row.lng !== null
      ? {
          formatted: row.formattedAddress,
          lineOne: row.addressLineOne,
          lineTwo: row.addressLineTwo,
          townCity: row.townCity,
          county: row.county,
          state: row.state,
          postcode: row.postcode,
          country: row.country,
          lat: row.lat,
          lng: row.lng,
        }
      : null;
  return {
    propertyId: row.propertyId,
    title: row.title,
    coverImageUrl,
    displayAddress: row.displayAddress,
    address,
    what3words: row.what3words,
    showWhat3words: row.showWhat3words,
    defaultLanguage: row.defaultLanguage,
    languageTranslations: row.languageTranslations,
    timeZone: row.timeZone,
    timeZoneChosen: row.timeZoneSource === "chosen",
    defaultCheckInTime: row.defaultCheckInTime,
    defaultCheckOutTime: row.defaultCheckOutTime,
    manager: row.manager
      ? {
          vanityId: row.manager.vanityId,
          firstName: row.manager.firstName,
          lastName: row.manager.lastName,
          photoUrl: fileUrl(row.manager.photoKey),
          email: row.manager.email,
          tel: row.manager.tel,
          isDefault: row.manager.isDefault,
        }
      : null,
    hexPrimary: row.hexPrimary,
    hexSecondary: row.hexSecondary,
    companyProfile: row.companyProfile,
    themeLabel: row.themeLabel,
    passcode: row.passcodeEncrypted ? ctx.secrets.open(row.passcodeEncrypted) : null,
    published: row.published,
    active: row.active,
    live: reason === null,
    inactiveReason: reason,
    basicSetupComplete: isBasicSetupComplete({
      title: row.title,
      coverImageUrl,
      formattedAddress: row.formattedAddress,
      displayAddress: row.displayAddress,
      hexPrimary: row.hexPrimary,
      hexSecondary: row.hexSecondary,
      companyProfile: row.companyProfile,
    }),
    inboundMessagingActive: row.inboundMessagingActive,
    outboundMessagingActive: row.outboundMessagingActive,
    guideUrl: guideUrl(ctx, row.propertyId),
    qrUrl: qrTarget(ctx, row.propertyId),
    qrPngUrl: `${api}/qr.png`,
    qrSvgUrl: `${api}/qr.svg`,
    posterUrl: `${api}/poster.svg`,
    posterPdfUrl: `${api}/poster.pdf`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
