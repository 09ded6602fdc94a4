import { eq, getTableColumns, getTableName, inArray, isTable, type Table } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";

/** Columns never exported: secrets and their digests (IMPL-33 exports the host's data, not our keys). */
const SECRET = /(hash|sealed|encrypted|secret|token)/i;
/** Tables reached through a parent that are sign-in machinery, not the host's data. */
const NOT_DATA = new Set(["sessions", "one_time_tokens", "push_subscriptions"]);
/** Parent keys per query: keeps `IN (…)` lists within every driver's parameter limit. */
const CHUNK = 1000;

/**
 * Every row of every table that carries the account's id, by table name, and every row that belongs to the
 * account only through a parent (sub-items, translations, message attachments: followed along their foreign keys
 * until nothing new turns up), secrets left out (IMPL-33, the account's own data). Below every feature on
 * purpose: an export that each feature had to remember would miss the next table; a new table with `account_id`,
 * or a foreign key to one, is in it by construction.
 */
export async function readAccountRows(db: Db, accountId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const raw = new Map<string, Record<string, unknown>[]>();
  const tables = Object.values(schema).filter((value) => isTable(value)) as PgTable[];
  const children: PgTable[] = [];
  for (const table of tables) {
    const columns = getTableColumns(table as Table) as Record<string, PgColumn>;
    const scope = getTableName(table) === "accounts" ? columns.id : columns.accountId;
    if (!scope) {
      if (!NOT_DATA.has(getTableName(table))) children.push(table);
      continue;
    }
    raw.set(getTableName(table), (await db.select().from(table).where(eq(scope, accountId))) as never);
  }
  // Rows with no account id of their own: those whose foreign key names a row already exported.
  for (let found = true; found;) {
    found = false;
    for (const table of children) {
      const name = getTableName(table);
      if (raw.has(name)) continue;
      const byKey = new Map<string, Record<string, unknown>>();
      let reached = false;
      for (const fk of getTableConfig(table).foreignKeys) {
        const ref = fk.reference();
        const parent = raw.get(getTableName(ref.foreignTable));
        if (!parent || ref.columns.length !== 1) continue;
        reached = true;
        const column = ref.columns[0]!;
        const parentKey = Object.entries(getTableColumns(ref.foreignTable)).find(
          ([, c]) => c.name === ref.foreignColumns[0]!.name,
        )?.[0];
        if (!parentKey) continue;
        const ids = [...new Set(parent.map((row) => row[parentKey]).filter((v) => v != null))];
        for (let at = 0; at < ids.length; at += CHUNK) {
          const rows = (await db
            .select()
            .from(table)
            .where(inArray(column, ids.slice(at, at + CHUNK)))) as Record<string, unknown>[];
          for (const row of rows) byKey.set(JSON.stringify(row), row);
        }
      }
      if (!reached) continue;
      raw.set(name, [...byKey.values()]);
      found = true;
    }
  }
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [name, rows] of raw)
    out[name] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET.test(key))));
  return out;
}
