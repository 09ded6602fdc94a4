import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

/** Sets MessagingActiveStatus (OPEN-51) on every user of the account. */
export async function updateAccountMessagingActive(db: Db, accountId: string, active: boolean): Promise<void> {
  await db.update(users).set({ messagingActive: active }).where(eq(users.accountId, accountId));
}
