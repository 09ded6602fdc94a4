import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { startFaultProxy } from "../test/fault-proxy.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

/** "closed", or "hung" when the pool still waits on a connection after `ms` (it would wait for ever). */
const closeWithin = (database: TestDatabase, ms: number) =>
  Promise.race([
    database.close().then(() => "closed"),
    new Promise<string>((resolve) => setTimeout(() => resolve("hung"), ms).unref()),
  ]);
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => "answered",
    (error: unknown) => error,
  );

/**
 * The pool's own connections when the network to PostgreSQL fails under them: a connection lost or unanswered
 * while checked out is given up and leaves the pool, so requests answer 503 and the pool can always close.
 */
describe.runIf(adminUrl)("the PostgreSQL pool through a failing network", () => {
  const target = () => ({ host: new URL(adminUrl!).hostname, port: Number(new URL(adminUrl!).port || 5432) });

  it("gives back a connection whose transaction was cut off at BEGIN", async () => {
    const proxy = await startFaultProxy(target());
    const database = await openTestDatabase({ port: proxy.port });
    try {
      await database.db.execute(sql`select 1`);
      proxy.stall();
      // The pool's idle connection takes the transaction; its BEGIN is written and held, then the link resets.
      const failure = outcome(database.db.transaction(async (tx) => void (await tx.execute(sql`select 1`))));
      await vi.waitFor(() => expect(proxy.waiting, "BEGIN is on the wire").toBeGreaterThan(0));
      proxy.reset();
      const error = await failure;
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      proxy.resume();

      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(again.rows).toEqual([{ one: 1 }]);
      expect(await closeWithin(database, 5_000)).toBe("closed");
    } finally {
      await proxy.close();
    }
  });

  it("gives up a query the network never answers, and closes while the network is still silent", async () => {
    const proxy = await startFaultProxy(target());
    const database = await openTestDatabase({ port: proxy.port, queryTimeoutMs: 300 });
    try {
      // Two connections in the pool, both idle when the network goes silent.
      await Promise.all([database.db.execute(sql`select 1`), database.db.execute(sql`select 1`)]);
      proxy.stall();
      const [query, transaction] = await Promise.all([
        outcome(database.db.execute(sql`select 1`)),
        outcome(database.db.transaction(async (tx) => void (await tx.execute(sql`select 1`)))),
      ]);
      expect(isDatabaseUnavailable(query), String(query)).toBe(true);
      expect(isDatabaseUnavailable(transaction), String(transaction)).toBe(true);
      expect(await closeWithin(database, 5_000)).toBe("closed");
    } finally {
      proxy.resume();
      await proxy.close();
    }
  }, 15_000);

  it("serves again once the network answers after a query was given up", async () => {
    const proxy = await startFaultProxy(target());
    const database = await openTestDatabase({ port: proxy.port, queryTimeoutMs: 300 });
    try {
      await database.db.execute(sql`select 1`);
      proxy.stall();
      expect(isDatabaseUnavailable(await outcome(database.db.execute(sql`select 1`)))).toBe(true);
      proxy.resume();
      const again = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: unknown[] };
      expect(again.rows).toEqual([{ two: 2 }]);
      expect(await closeWithin(database, 5_000)).toBe("closed");
    } finally {
      await proxy.close();
    }
  }, 15_000);
});
