import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { MAX_MESSAGE_FILES, MESSAGE_FILE_MAX_MB, MESSAGE_MAX_LENGTH } from "@doorstep/shared/rules/messaging";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.ts";
import { GUEST_ID_COOKIE, openGuestId } from "../features/messaging/guest-identity.service.ts";
import type { GuestGuide } from "../features/messaging/guest-messages.service.ts";
import { AppError } from "../lib/app-error.ts";
import { getGuideProperty } from "../features/properties/property-guide.service.ts";
import { guestCookieName, isGuestUnlocked } from "./guide-access.ts";
import { guideTheme, type GuideTheme } from "./guide-theme.ts";
import { guideLanguages } from "./language.ts";

export type GuestGuideAccess =
  | { status: "not-found" | "inactive" | "locked" }
  | { status: "ok"; guide: GuestGuide; title: string; theme: GuideTheme; languages: string[]; defaultLanguage: string };

/**
 * Whether a guest may use this guide's messages: it exists, it is live, and a protected guide is unlocked
 * in this browser (the same cookie the guide itself checks).
 */
export async function guestGuideAccess(
  ctx: AppContext,
  propertyId: string,
  guestCookie: string | undefined,
): Promise<GuestGuideAccess> {
  const record = await getGuideProperty(ctx, propertyId);
  if (!record) return { status: "not-found" };
  if (!record.live) return { status: "inactive" };
  const { property } = record;
  if (
    property.passcodeEncrypted !== null &&
    !isGuestUnlocked(ctx, property.propertyId, property.guideSessionToken, guestCookie)
  )
    return { status: "locked" };
  return {
    status: "ok",
    title: property.title,
    theme: guideTheme(record),
    languages: guideLanguages(property.defaultLanguage, property.languageTranslations),
    defaultLanguage: property.defaultLanguage,
    guide: {
      id: property.id,
      accountId: property.accountId,
      propertyId: property.propertyId,
      managerId: property.managerId,
      inboundMessagingActive: property.inboundMessagingActive,
    },
  };
}

/** The guide of a guest's request when they may use its messages; 404 (`notFound`) when not. */
export async function openGuestGuide(
  ctx: AppContext,
  request: FastifyRequest,
  propertyId: string,
  notFound = "Guide not found",
): Promise<Extract<GuestGuideAccess, { status: "ok" }>> {
  const found = await guestGuideAccess(ctx, propertyId, request.cookies[guestCookieName(propertyId)]);
  if (found.status !== "ok") throw new AppError("NOT_FOUND", notFound);
  return found;
}

/** The guest's id from their sealed cookie, or null before they first write. */
export function guestIdOf(ctx: AppContext, request: FastifyRequest): string | null {
  return openGuestId(ctx, request.cookies[GUEST_ID_COOKIE]);
}

const m = copy.guestMessaging;

/**
 * A guest-facing error of the messages form in the guest's language: the catalogue's English messages the
 * schema and the service produce, matched exactly; anything else as it is.
 */
export function localiseGuestMessage(message: string, language: string): string {
  const l = guideLabels(language).messaging;
  const pairs: [string, string][] = [
    [m.required(m.firstName), l.required(l.firstName)],
    [m.required(m.lastName), l.required(l.lastName)],
    [m.required(m.message), l.required(l.message)],
    [m.messageTooLong(MESSAGE_MAX_LENGTH), l.messageTooLong(MESSAGE_MAX_LENGTH)],
    [m.emailInvalid, l.emailInvalid],
    [m.tooManyFiles(MAX_MESSAGE_FILES), l.tooManyFiles(MAX_MESSAGE_FILES)],
    [m.fileTooLarge(MESSAGE_FILE_MAX_MB), l.fileTooLarge(MESSAGE_FILE_MAX_MB)],
    [m.fileType, l.fileType],
    [m.tooMany, l.tooMany],
    [m.off, l.off],
    [m.failed, l.failed],
  ];
  return pairs.find(([english]) => english === message)?.[1] ?? message;
}
