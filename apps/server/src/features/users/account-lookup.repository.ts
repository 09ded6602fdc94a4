import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

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
