import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** Serialises first-use creation per account inside a transaction (two tabs, one shared property). */
export async function lockAccountForShared(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`shared-content:${accountId}`}))`);
}
