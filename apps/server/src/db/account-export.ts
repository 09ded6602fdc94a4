import { eq, getTableColumns, getTableName, isTable, type Table } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";

/** Columns never exported: secrets and their digests (IMPL-33 exports the host's data, not our keys). */
const SECRET = /(hash|sealed|encrypted|secret|token)/i;

/**
 * Every row of every table that carries the account's id, by table name, secrets left out (IMPL-33, the
 * account's own data). Below every feature on purpose: an export that each feature had to remember would miss
 * the next table; a new table with `account_id` is in it by construction.
 */
export async function readAccountRows(db: Db, accountId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as Table;
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const scope = getTableName(table) === "accounts" ? columns.id : columns.accountId;
    if (!scope) continue;
    const rows = (await db.select().from(table).where(eq(scope, accountId))) as Record<string, unknown>[];
    out[getTableName(table)] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET.test(key))),
    );
  }
  return out;
}
