import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { openPostgres, type Database } from "./client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * A connection that PostgreSQL ends while it is checked out of the pool (a transaction in flight when the
 * database restarts or an administrator terminates it) fails its query; it must never reach Node as an
 * unhandled 'error' event, which ends the process.
 */
describe.runIf(adminUrl)("PostgreSQL ending a connection in the middle of a transaction", () => {
  const name = `doorstep_loss_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const reported: Error[] = [];
  let database: Database;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    database = openPostgres(url.toString(), { onConnectionError: (error) => reported.push(error) });
  });
  afterAll(async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("fails the transaction as unavailable, reports the loss, and the pool serves again", async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_sleep(30)`);
      });
      const failure = transaction.then(
        () => undefined,
        (error: unknown) => error,
      );
      // Wait until the transaction's backend is asleep, then end it as an administrator (or a restart) would.
      await vi.waitFor(async () => {
        const { rowCount } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and pid <> pg_backend_pid()",
          [name],
        );
        expect(rowCount).toBe(1);
      });
      const error = await failure;
      expect(error, "the transaction fails").toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      // The client's 'error' event may arrive on the socket's next turn.
      await vi.waitFor(() => expect(reported.length, "the lost connection is reported, not thrown").toBeGreaterThan(0));
      expect(uncaught).toEqual([]);

      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
