import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../db/client.ts";

/** `url` is the PostgreSQL copy's own address, not through `port`: the fault tests read what was written. */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file: PostgreSQL (a copy of the template) when TEST_DATABASE_URL
 * is set, else an in-memory PGlite loaded from the template dump. `port` sends the app's connections to
 * another port on the same host (a fault proxy in front of PostgreSQL); `queryTimeoutMs` shortens the wait
 * before an unanswered query gives its connection up.
 */
export async function openTestDatabase(
  options: { port?: number; queryTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  const postgres = inject("postgresTemplate");
  if (postgres) {
    const name = `${postgres.prefix}${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgres.templateName}`);
    await admin.end();
    const url = new URL(postgres.adminUrl);
    url.pathname = `/${name}`;
    // The copy is dropped WITH (FORCE) when the file ends; connections it ends on the way are expected.
    const through = new URL(url);
    if (options.port) through.port = String(options.port);
    const database = openPostgres(through.toString(), {
      onConnectionError: () => {},
      queryTimeoutMs: options.queryTimeoutMs,
    });
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: postgres.adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = fs.readFileSync(inject("pgliteTemplatePath"));
  return openPglite({ loadDataDir: new Blob([dump]) });
}
