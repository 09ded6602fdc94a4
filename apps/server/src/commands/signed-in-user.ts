// The signed-in user as sign-in and GET /api/me answer it: the user with their account (users), the
// shared-content property (shared-content, SHARED-01/02), the unread count (messaging, MSG-18) and the store's
// badge (store). Those features sit above users, so the answer is composed here rather than in the users feature.
import type { MeResponse, UserDto } from "@doorstep/shared/schemas/user";
import type { SQLWrapper } from "drizzle-orm";
import type { AppContext, Caller } from "../app-context.ts";
import { getUnreadCount, unreadCountOf } from "../features/messaging/messaging.service.ts";
import { getSharedContentPropertyId } from "../features/shared-content/shared-content.service.ts";
import { getUserDto, getUserDtoWith } from "../features/users/user.service.ts";
import { getStoreBadge, storeBadgeOf } from "../features/store/host-orders.service.ts";

/** The user behind an id as the dashboard sees it, with their shared-content property id; 404 when gone. */
export function getSignedInUser(ctx: AppContext, userId: string): Promise<UserDto> {
  return getUserDto(ctx, userId, getSharedContentPropertyId);
}

// The account-wide counts, read with the user as scalar subqueries: one statement per GET /api/me.
const meExtras = (accountId: SQLWrapper) => ({
  unreadMessageCount: unreadCountOf(accountId),
  ...storeBadgeOf(accountId),
});

/** GET /api/me: the caller and, while messaging is active, their account's unread messages (AUTH-16, MSG-18). */
export async function getMe(ctx: AppContext, caller: Caller): Promise<MeResponse> {
  if (caller.propertyScope) return getScopedMe(ctx, caller, caller.propertyScope);
  const { user, extras } = await getUserDtoWith(ctx, caller.userId, "me_by_id", meExtras, getSharedContentPropertyId);
  return {
    user,
    // The badge shows only while messaging is active (HOME-16).
    unreadMessageCount: user.messagingActive ? extras.unreadMessageCount : 0,
    pendingOrderCount: extras.pendingOrderCount,
    storeActive: extras.storeActive,
  };
}

/** A member limited to chosen properties counts only theirs (decision 056): a statement per count. */
async function getScopedMe(ctx: AppContext, caller: Caller, scope: readonly string[]): Promise<MeResponse> {
  const user = await getSignedInUser(ctx, caller.userId);
  const unreadMessageCount = user.messagingActive ? await getUnreadCount(ctx, caller.accountId, scope) : 0;
  const store = await getStoreBadge(ctx, caller.accountId, scope);
  return { user, unreadMessageCount, pendingOrderCount: store.pendingOrderCount, storeActive: store.storeActive };
}
