import type { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@doorstep/shared/rules/messaging";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.ts";
import { GUEST_ID_COOKIE, openGuestId } from "../features/messaging/guest-identity.service.ts";
import type { GuestGuide } from "../features/messaging/guest-messages.service.ts";
import { AppError, issueAt, type AppErrorIssue } from "../lib/app-error.ts";
import { getGuideProperty } from "../features/properties/property-guide.service.ts";
import { findStayByLinkToken } from "../features/stays/stay-links.service.ts";
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
  stayId?: string,
): Promise<GuestGuideAccess> {
  const record = await getGuideProperty(ctx, propertyId);
  if (!record) return { status: "not-found" };
  if (!record.live) return { status: "inactive" };
  const { property } = record;
  // A stay's link is a key: it opens a protected guide without the passcode (decision 042).
  if (
    !stayId &&
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
      ...(stayId ? { stayId } : {}),
    },
  };
}

/**
 * The messages of a stay's link (`/s/{token}/messages`, decision 050): the stay's guide, whose messages belong
 * to the stay. An unknown token counts against the caller's address as on the stay page; a cancelled stay's
 * link opens nothing.
 */
export async function stayGuestGuideAccess(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<{ access: GuestGuideAccess; propertyId: string | null }> {
  const found = await findStayByLinkToken(ctx, token);
  if (!found) {
    await ctx.rateLimiter.consume("stay-link-miss", ip, ctx.config.guide.stayLinkMisses);
    return { access: { status: "not-found" }, propertyId: null };
  }
  if (found.stay.status === "cancelled") return { access: { status: "inactive" }, propertyId: null };
  return {
    access: await guestGuideAccess(ctx, found.stay.propertyId, undefined, found.stay.id),
    propertyId: found.stay.propertyId,
  };
}

/** The guide of a guest's request when they may use its messages; 404 (`notFound`) when not. */
export async function openGuestGuide(
  ctx: AppContext,
  request: FastifyRequest,
  propertyId: string,
  notFound: "GUIDE_NOT_FOUND" | "GUIDE_FILE_NOT_FOUND" = "GUIDE_NOT_FOUND",
): Promise<Extract<GuestGuideAccess, { status: "ok" }>> {
  const found = await guestGuideAccess(ctx, propertyId, request.cookies[guestCookieName(propertyId)]);
  if (found.status !== "ok") throw new AppError(notFound);
  return found;
}

/** The guest's id from their sealed cookie, or null before they first write. */
export function guestIdOf(ctx: AppContext, request: FastifyRequest): string | null {
  return openGuestId(ctx, request.cookies[GUEST_ID_COOKIE]);
}

const GUEST_FIELDS = new Set(["firstName", "lastName", "message"]);

/**
 * The guest form's schema issues (GuestMessageFields) as codes with parameters, told apart by field and by
 * zod's issue code, so the page can say each in the guest's language; an issue of no known kind keeps the
 * schema's message.
 */
export function guestFormIssues(issues: readonly z.core.$ZodIssue[]): AppErrorIssue[] {
  return issues.map((issue) => {
    const path = issue.path.map(String);
    const field = path[0] ?? "";
    if (field === "email") return issueAt(path, "GUEST_EMAIL_INVALID");
    if (field === "message" && issue.code === "too_big")
      return issueAt(path, "GUEST_MESSAGE_TOO_LONG", { max: MESSAGE_MAX_LENGTH });
    if (GUEST_FIELDS.has(field) && issue.code === "too_small")
      return issueAt(path, "GUEST_FIELD_REQUIRED", { field: field as "firstName" | "lastName" | "message" });
    return { path, message: issue.message };
  });
}
