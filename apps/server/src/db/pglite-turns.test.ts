import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yieldBetweenStatements } from "./pglite-turns.ts";

/**
 * Decision 064: PGlite hands its lock from one statement to the next in a microtask, so a chain of statements
 * keeps the event loop from turning; with `yieldBetweenStatements`, a statement that would run past the slice
 * waits for the next turn. These run on an in-memory PGlite of their own on either test database.
 */
describe("PGlite statements and the event loop", () => {
  // One PGlite as it comes and one that yields past a slice of 0 ms (starting one takes seconds).
  let plain: PGlite;
  let yielding: PGlite;
  beforeAll(async () => {
    [plain, yielding] = await Promise.all([PGlite.create(), PGlite.create()]);
    yieldBetweenStatements(yielding, 0);
    await Promise.all([plain.query("select 1"), yielding.query("select 1")]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), yielding?.close()]);
  });

  /** Runs `statements` one after another and says, after each, whether the event loop has turned since the start. */
  async function chain(client: PGlite, statements: number) {
    let turned = false;
    setImmediate(() => (turned = true));
    const seen: boolean[] = [];
    for (let i = 0; i < statements; i++) {
      await client.query("select $1::int as n", [i]);
      seen.push(turned);
    }
    return seen;
  }

  it("without it, twenty statements in a row never let the loop turn", async () => {
    expect(await chain(plain, 20)).toEqual(Array(20).fill(false));
  });

  it("with it, a statement past the slice waits for the next turn, and the chain still runs in order", async () => {
    const client = yielding;
    const seen = await chain(client, 20);
    // Past a slice of 0 ms, each statement after the first of a turn waits for the loop to turn.
    expect(seen.slice(1)).toEqual(Array(19).fill(true));
    const { rows } = await client.query<{ n: number }>("select 7 as n");
    expect(rows).toEqual([{ n: 7 }]);
  });

  it("keeps a transaction whole when its statements are spread over turns", async () => {
    const client = yielding;
    await client.exec("create table counts (n int not null)");
    let otherRan = false;
    const other = new Promise<void>((resolve) =>
      setImmediate(() => {
        otherRan = true;
        resolve();
      }),
    );
    await client.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) await tx.query("insert into counts (n) values ($1)", [i]);
      // Work that needs no database ran while the transaction held its lock.
      expect(otherRan).toBe(true);
      await tx.query("insert into counts (n) values (-1)");
      await tx.rollback();
    });
    await other;
    await client.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await tx.query("insert into counts (n) values ($1)", [i]);
    });
    const { rows } = await client.query<{ total: number; sum: number }>(
      "select count(*)::int as total, sum(n)::int as sum from counts",
    );
    expect(rows).toEqual([{ total: 5, sum: 10 }]);
  });

  it("lets a statement that a request sends mid-chain run before the rest of the chain", async () => {
    const client = yielding;
    const order: string[] = [];
    const background = (async () => {
      for (let i = 0; i < 5; i++) {
        await client.query("select 1");
        order.push(`background ${i}`);
      }
    })();
    // A request arriving once the loop turns (setImmediate stands for its socket's callback).
    const request = new Promise<void>((resolve) =>
      setImmediate(async () => {
        await client.query("select 2");
        order.push("request");
        resolve();
      }),
    );
    await Promise.all([background, request]);
    expect(order.indexOf("request")).toBeGreaterThan(-1);
    expect(order.indexOf("request")).toBeLessThan(order.indexOf("background 4"));
  });
});
