import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, users } from "../../db/schema/users.ts";

/** Sets MessagingActiveStatus (OPEN-51) on every user of the account. */
export async function updateAccountMessagingActive(db: Db, accountId: string, active: boolean): Promise<void> {
  await db.update(users).set({ messagingActive: active }).where(eq(users.accountId, accountId));
}

/** The users of these accounts: their account, email and first name. */
export function findAccountPeople(
  db: Db,
  accountIds: string[],
): Promise<{ accountId: string; email: string; firstName: string }[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({ accountId: users.accountId, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.accountId, accountIds));
}

export async function findUserFirstName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.firstName ?? null;
}

/** The first name of the user `userId` names, as a scalar subquery (null when there is none). */
export function userFirstNameSql(userId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} = ${userId})`;
}

/** The account's trial end (null without one), as a scalar subquery. */
export function accountTrialEndsSql(accountId: SQLWrapper): SQL<Date | null> {
  return sql<Date | null>`(select ${accounts.trialEndsAt} from ${accounts} where ${accounts.id} = ${accountId})`;
}
