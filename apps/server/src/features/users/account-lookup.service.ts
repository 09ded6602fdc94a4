import type { SQL, SQLWrapper } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import {
  accountTrialEndsSql,
  findAccountPeople,
  findUserFirstName,
  updateAccountMessagingActive,
  userFirstNameSql,
} from "./account-lookup.repository.ts";

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

/** The user's first name (null when the user is gone): how a host signs a message. */
export function getUserFirstName(ctx: Pick<AppContext, "db">, userId: string): Promise<string | null> {
  return findUserFirstName(ctx.db, userId);
}

/**
 * SQL for the first name of the user `userId` names (null when there is none): a conversation's messages are
 * read with their host's name in one statement.
 */
export function userFirstNameOf(userId: SQLWrapper): SQL<string | null> {
  return userFirstNameSql(userId);
}

/**
 * SQL for the trial end of the account `accountId` names (null without one): the affiliate's customer list
 * reads it per customer in its one grouped statement (AFF-12).
 */
export function accountTrialEndsOf(accountId: SQLWrapper): SQL<Date | null> {
  return accountTrialEndsSql(accountId);
}
