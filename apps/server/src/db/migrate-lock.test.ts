import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY, MIGRATIONS_DIR, openPostgres } from "./client.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

// Scaled mode: N instances start together on one PostgreSQL (docs/architecture.md §1); CI sets TEST_DATABASE_URL.
describe.runIf(adminUrl)("PostgreSQL migrations under pg_advisory_lock", () => {
  it("wait while another instance holds the lock, then all apply once and succeed", async () => {
    const name = `doorstep_mlock_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    // The drop at the end ends idle pooled connections on purpose.
    const instances = [1, 2, 3].map(() => openPostgres(url.toString(), { onConnectionError: () => {} }));
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
      let finished = 0;
      const runs = instances.map((db) => db.migrate().then(() => void finished++));
      await new Promise((r) => setTimeout(r, 500));
      expect(finished, "no instance migrates while the lock is held").toBe(0);
      const before = await holder.query("select to_regclass('public.users') as t");
      expect(before.rows[0].t).toBeNull();

      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
      await Promise.all(runs);
      expect(finished).toBe(3);
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      const applied = await holder.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      await holder.end();
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
