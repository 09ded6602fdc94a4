import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import { MIGRATIONS_DIR } from "./client.ts";
import { accounts } from "./schema/users.ts";
import { properties } from "./schema/properties.ts";

// Migration 0020 (decision 027): accounts.listed_properties is the property list's total, kept by a trigger.
const MIGRATION = fs.readFileSync(path.join(MIGRATIONS_DIR, "0020_listed_property_count.sql"), "utf8");
const BACKFILL = MIGRATION.split("--> statement-breakpoint").at(-1)!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kept = async (user: TestUser) =>
  (await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId)))[0]!.listedProperties;
/** What the list would count by hand: live properties but the shared-content one. */
const counted = async (user: TestUser) =>
  (
    await t.ctx.db
      .select({ n: count() })
      .from(properties)
      .where(
        and(eq(properties.accountId, user.accountId), isNull(properties.archivedAt), eq(properties.isShared, false)),
      )
  )[0]!.n;
const listTotal = async (user: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/properties", headers: { cookie: user.cookie } })).json().total;

/** A property written straight to the database, as a script or the admin CLI would: the trigger counts it too. */
async function insertDirectly(user: TestUser): Promise<string> {
  const [row] = await t.ctx.db
    .insert(properties)
    .values({
      accountId: user.accountId,
      propertyId: `direct-${randomBytes(4).toString("hex")}`,
      title: "Written by a script",
      guideSessionToken: randomBytes(16).toString("hex"),
    })
    .returning({ id: properties.id });
  return row!.id;
}

describe("the property list's kept total (migration 0020, decision 027)", () => {
  it("follows every way a property is listed or stops being listed", async () => {
    const host = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    expect(await kept(host)).toBe(0);
    expect(await listTotal(host)).toBe(0);

    const made = [await buildProperty(t.app, host), await buildProperty(t.app, host, { draft: true })];
    await buildProperty(t.app, host);
    expect(await kept(host)).toBe(3);

    // Archiving (the dashboard's Delete) stops listing it; so does nothing else the host edits.
    const archived = await t.app.inject({
      method: "DELETE",
      url: `/api/properties/${made[0]!.propertyId}`,
      headers: { cookie: host.cookie },
    });
    expect(archived.statusCode).toBe(204);
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${made[1]!.propertyId}`,
      headers: { cookie: host.cookie },
      payload: { title: "Renamed", published: true },
    });
    expect(patched.statusCode, patched.body).toBe(204);
    expect(await kept(host)).toBe(2);

    // The shared-content property is never listed.
    const shared = await t.app.inject({ method: "POST", url: "/api/shared-content", headers: { cookie: host.cookie } });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    expect(await kept(host)).toBe(2);

    // Straight to the database: an insert, a move to another account, a delete.
    const direct = await insertDirectly(host);
    const moved = await insertDirectly(host);
    expect(await kept(host)).toBe(4);
    await t.ctx.db.update(properties).set({ accountId: other.accountId }).where(eq(properties.id, moved));
    await t.ctx.db.delete(properties).where(eq(properties.id, direct));
    expect(await kept(host)).toBe(2);
    expect(await kept(other)).toBe(1);

    for (const user of [host, other]) {
      expect(await kept(user)).toBe(await counted(user));
      expect(await listTotal(user)).toBe(await counted(user));
    }
  });

  it("is filled for the properties that existed before it", async () => {
    const host = await buildUser(t.ctx);
    await buildProperty(t.app, host);
    await buildProperty(t.app, host);
    await t.ctx.db.update(accounts).set({ listedProperties: 0 }).where(eq(accounts.id, host.accountId));
    await t.ctx.db.execute(sql.raw(BACKFILL));
    expect(await kept(host)).toBe(2);
    expect(await listTotal(host)).toBe(2);
  });
});
