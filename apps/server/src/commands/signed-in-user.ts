// The signed-in user as sign-in and GET /api/me answer it: the user with their account (users), the
// shared-content property (shared-content, SHARED-01/02) and the unread count (messaging, MSG-18). Those two
// features sit above users, so the answer is composed here rather than in the users feature.
import type { MeResponse, UserDto } from "@doorstep/shared/schemas/user";
import type { AppContext, Caller } from "../app-context.ts";
import { getUnreadCount } from "../features/messaging/messaging.service.ts";
import { getSharedContentPropertyId } from "../features/shared-content/shared-content.service.ts";
import { getUserDto } from "../features/users/user.service.ts";
import { getStoreBadge } from "../features/store/host-orders.service.ts";

/** The user behind an id as the dashboard sees it, with their shared-content property id; 404 when gone. */
export function getSignedInUser(ctx: AppContext, userId: string): Promise<UserDto> {
  return getUserDto(ctx, userId, getSharedContentPropertyId);
}

/** GET /api/me: the caller and, while messaging is active, their account's unread messages (AUTH-16, MSG-18). */
export async function getMe(ctx: AppContext, caller: Caller): Promise<MeResponse> {
  const user = await getSignedInUser(ctx, caller.userId);
  // The badge shows only while messaging is active (HOME-16), so only then is it counted.
  const unreadMessageCount = user.messagingActive
    ? await getUnreadCount(ctx, caller.accountId, caller.propertyScope)
    : 0;
  const store = await getStoreBadge(ctx, caller.accountId, caller.propertyScope);
  return { user, unreadMessageCount, pendingOrderCount: store.pendingOrderCount, storeActive: store.storeActive };
}
