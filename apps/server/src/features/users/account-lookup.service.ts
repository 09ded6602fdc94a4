import type { AppContext } from "../../app-context.ts";
import { findAccountPeople, updateAccountMessagingActive } from "./account-lookup.repository.ts";

/**
 * OPEN-51: MessagingActiveStatus, kept on the account's users so the dashboard's every load reads it for free;
 * the properties feature says whether any live property takes guest messages.
 */
export function setAccountMessagingActive(ctx: AppContext, accountId: string, active: boolean): Promise<void> {
  return updateAccountMessagingActive(ctx.db, accountId, active);
}

/** The people of these accounts (account, email, first name): who is told of their guests' messages. */
export function listAccountPeople(
  ctx: AppContext,
  accountIds: string[],
): Promise<{ accountId: string; email: string; firstName: string }[]> {
  return findAccountPeople(ctx.db, accountIds);
}
