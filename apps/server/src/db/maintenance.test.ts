import { afterEach, describe, expect, it, vi } from "vitest";
import { openPglite, type Database } from "./client.ts";
import { createDbMaintenance } from "./maintenance.ts";

const log = { info: vi.fn(), error: vi.fn() };
let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
  vi.useRealTimers();
});

describe("the embedded database's upkeep (decision 048)", () => {
  it("analyzes every table on PGlite and vacuums the small ones, so the planner knows what grew", async () => {
    database = await openPglite();
    const { sql } = database;
    await sql.executeSql("create table grown (id int primary key, v int)");
    await sql.executeSql("insert into grown select g, g from generate_series(1, 5000) g");
    await sql.executeSql("update grown set v = v + 1 where id <= 3000");
    const before = await sql.executeSql("select reltuples from pg_class where relname = 'grown'");
    expect(Number((before.rows[0] as { reltuples: number }).reltuples)).toBeLessThan(5000);

    const maintenance = createDbMaintenance({ sql, kind: "pglite", log });
    const done = await maintenance.run();
    expect(done?.analyzed).toBeGreaterThan(0);
    expect(done?.vacuumed).toBe(done?.analyzed);
    const after = await sql.executeSql(
      "select c.reltuples, s.n_dead_tup, s.last_analyze is not null as analyzed from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'grown'",
    );
    expect(after.rows[0]).toMatchObject({ reltuples: 5000, n_dead_tup: 0, analyzed: true });
  });

  it("after bulk changes runs once, shortly after the last of them", async () => {
    vi.useFakeTimers();
    const executeSql = vi.fn(async () => ({ rows: [] }));
    const maintenance = createDbMaintenance({ sql: { executeSql }, kind: "pglite", log, soonMs: 2000 });
    maintenance.soon();
    maintenance.soon();
    await vi.advanceTimersByTimeAsync(1999);
    expect(executeSql).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(executeSql).toHaveBeenCalledTimes(1);
  });

  it("leaves PostgreSQL to its autovacuum", async () => {
    const executeSql = vi.fn(async () => ({ rows: [] }));
    const maintenance = createDbMaintenance({ sql: { executeSql }, kind: "postgres", log });
    expect(await maintenance.run()).toBeNull();
    maintenance.soon();
    expect(executeSql).not.toHaveBeenCalled();
  });
});
