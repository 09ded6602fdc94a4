import type { AppContext } from "../app-context.ts";
import type { GuestGuide } from "../features/messaging/guest-messages.service.ts";
import { getGuideProperty } from "../features/properties/property-guide.service.ts";
import { isGuestUnlocked } from "./guide-access.ts";
import { guideTheme, type GuideTheme } from "./guide-theme.ts";

export type GuestGuideAccess =
  | { status: "not-found" | "inactive" | "locked" }
  | { status: "ok"; guide: GuestGuide; title: string; theme: GuideTheme };

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
    guide: {
      id: property.id,
      accountId: property.accountId,
      propertyId: property.propertyId,
      managerId: property.managerId,
      inboundMessagingActive: property.inboundMessagingActive,
    },
  };
}
