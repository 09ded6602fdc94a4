import { PGlite } from "@electric-sql/pglite";
import { eq, relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  json,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { drizzle as stockDrizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "../lib/db-errors.ts";
import { drizzleOnPglite } from "./pglite-prepared.ts";

/**
 * Named statements on PGlite (decision 062): parsed once per instance, then only bound and executed, with rows,
 * errors, locking and transactions as drizzle's own PGlite driver gives them. These run on an in-memory PGlite
 * of their own on either test database: the code under test exists only for PGlite.
 */
const mood = pgEnum("mood", ["calm", "busy"]);
const owners = pgTable("owners", {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
});
const things = pgTable("things", {
  id: uuid().primaryKey().defaultRandom(),
  ownerId: uuid()
    .notNull()
    .references(() => owners.id),
  label: text(),
  count: integer().notNull().default(0),
  big: bigint({ mode: "number" }),
  price: numeric(),
  flag: boolean().notNull().default(false),
  at: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  atString: timestamp({ withTimezone: true, mode: "string" }),
  day: date(),
  ids: uuid().array(),
  tags: text().array(),
  doc: jsonb().$type<Record<string, unknown>>(),
  plain: json().$type<unknown[]>(),
  mood: mood(),
});
const ownersRelations = relations(owners, ({ many }) => ({ things: many(things) }));
const thingsRelations = relations(things, ({ one }) => ({
  owner: one(owners, { fields: [things.ownerId], references: [owners.id] }),
}));
const schema = { mood, owners, things, ownersRelations, thingsRelations };

const DDL = `
  create type mood as enum ('calm', 'busy');
  create table owners (id uuid primary key default gen_random_uuid(), email text not null constraint owners_email_unique unique);
  create table things (
    id uuid primary key default gen_random_uuid(), owner_id uuid not null references owners(id), label text,
    count integer not null default 0, big bigint, price numeric, flag boolean not null default false,
    at timestamptz not null default now(), at_string timestamptz, day date, ids uuid[], tags text[], doc jsonb,
    plain json, mood mood
  );`;

let client: PGlite;
let db: ReturnType<typeof drizzleOnPglite<typeof schema>>;
let stock: ReturnType<typeof stockDrizzle<typeof schema>>;
let ownerId: string;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(DDL);
  // The enum's array type exists only now: PGlite learns array types when asked to (as after migrations).
  await client.refreshArrayTypes();
  db = drizzleOnPglite(client, { schema, casing: "snake_case" });
  stock = stockDrizzle(client, { schema, casing: "snake_case" });
  ownerId = (await db.insert(owners).values({ email: "a@example.com" }).returning({ id: owners.id }))[0]!.id;
  await db.insert(things).values([
    {
      ownerId,
      label: "full",
      count: 3,
      big: 9_007_199_254,
      price: "12.50",
      flag: true,
      at: new Date("2026-11-01T10:00:00.123Z"),
      atString: "2026-11-02 11:00:00+00",
      day: "2026-11-03",
      ids: [ownerId, "00000000-0000-4000-8000-000000000000"],
      tags: ["a", "b,c", 'd"e', ""],
      doc: { nested: { n: 1, s: "x" }, list: [true, null] },
      plain: [1, "two", { three: 3 }],
      mood: "busy",
    },
    { ownerId, label: null, ids: [], tags: null },
  ]);
});
afterAll(async () => {
  if (!client.closed) await client.close();
});

const preparedStatements = async () =>
  (await client.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements")).rows;

describe("named statements on PGlite (decision 062)", () => {
  it("answers exactly as drizzle's PGlite driver does, for every kind of column and result", async () => {
    const forms = (d: typeof db, n: string) => ({
      select: d
        .select()
        .from(things)
        .where(eq(things.ownerId, sql.placeholder("ownerId")))
        .orderBy(things.count)
        .prepare(`${n}_select`),
      joined: d
        .select({ thing: things, owner: owners, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(things)
        .leftJoin(owners, eq(owners.id, things.ownerId))
        .where(eq(things.ownerId, sql.placeholder("ownerId")))
        .orderBy(things.count)
        .prepare(`${n}_joined`),
      relational: d.query.owners
        .findFirst({ where: eq(owners.id, sql.placeholder("ownerId")), with: { things: true } })
        .prepare(`${n}_relational`),
      none: d
        .select()
        .from(things)
        .where(eq(things.label, sql.placeholder("ownerId")))
        .prepare(`${n}_none`),
    });
    const named = forms(db, "named");
    const plain = forms(stock, "plain");
    for (const key of Object.keys(named) as (keyof typeof named)[]) {
      for (let i = 0; i < 3; i++) {
        const ours = await named[key].execute({ ownerId });
        expect(ours, key).toEqual(await plain[key].execute({ ownerId }));
      }
    }
    const full = (await named.select.execute({ ownerId })).at(-1)!;
    expect(full.at).toBeInstanceOf(Date);
    expect(full.at.toISOString()).toBe("2026-11-01T10:00:00.123Z");
    expect(full).toMatchObject({ flag: true, count: 3, big: 9_007_199_254, ids: [ownerId, expect.any(String)] });
    expect(full.doc).toEqual({ nested: { n: 1, s: "x" }, list: [true, null] });

    // Writes with and without returning, and their counts.
    const insert = db
      .insert(things)
      .values({ ownerId, label: sql.placeholder("label") })
      .returning()
      .prepare("named_insert");
    const [inserted] = await insert.execute({ label: "new" });
    expect(inserted).toMatchObject({ label: "new", flag: false, count: 0 });
    const update = db
      .update(things)
      .set({ count: sql`${things.count} + 1` })
      .where(eq(things.ownerId, sql.placeholder("ownerId")))
      .prepare("named_update");
    const stockUpdate = stock
      .update(things)
      .set({ count: sql`${things.count} + 1` })
      .where(eq(things.ownerId, sql.placeholder("ownerId")))
      .prepare("plain_update");
    expect(await update.execute({ ownerId })).toEqual(await stockUpdate.execute({ ownerId }));
  });

  it("parses a statement once per instance and then only binds and executes it", async () => {
    const statement = db
      .select({ id: things.id })
      .from(things)
      .where(eq(things.label, sql.placeholder("label")))
      .prepare("once");
    for (let i = 0; i < 5; i++) expect(await statement.execute({ label: "full" })).toHaveLength(1);
    const mine = (await preparedStatements()).filter((s) => s.name.startsWith("once_"));
    expect(mine).toHaveLength(1);
    // A second handle on the same instance, with the same statement, finds it parsed.
    const again = db
      .select({ id: things.id })
      .from(things)
      .where(eq(things.label, sql.placeholder("label")))
      .prepare("once");
    expect(await again.execute({ label: "full" })).toHaveLength(1);
    expect((await preparedStatements()).filter((s) => s.name.startsWith("once_"))).toHaveLength(1);
    // Statements without a name, and drizzle's stock driver, still go through PGlite's unnamed query().
    await db.select().from(things);
    expect((await preparedStatements()).every((s) => s.name !== "")).toBe(true);
  });

  it("throws the database's error as drizzle's driver does, and leaves PGlite usable", async () => {
    const insertOwner = db
      .insert(owners)
      .values({ email: sql.placeholder("email") })
      .prepare("insert_owner");
    const error = await insertOwner.execute({ email: "a@example.com" }).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "owners_email_unique")).toBe(true);
    const stockError = await stock
      .insert(owners)
      .values({ email: sql.placeholder("email") })
      .prepare("plain_insert_owner")
      .execute({ email: "a@example.com" })
      .catch((e: unknown) => e);
    expect(String(error)).toBe(String(stockError));
    expect((error as { cause: object }).cause).toMatchObject({
      code: "23505",
      constraint: "owners_email_unique",
      query: (stockError as { cause: { query: string } }).cause.query,
      params: ["a@example.com"],
    });
    // A value PostgreSQL refuses at Bind, then the same statement again.
    const byId = db
      .select({ id: owners.id })
      .from(owners)
      .where(eq(owners.id, sql.placeholder("id")))
      .prepare("owner_by_id");
    const invalid = await byId.execute({ id: "not-a-uuid" }).catch((e: unknown) => e);
    expect((invalid as { cause: { code: string } }).cause.code).toBe("22P02");
    expect(await byId.execute({ id: ownerId })).toEqual([{ id: ownerId }]);
    expect(await insertOwner.execute({ email: "b@example.com" })).toBeDefined();
    expect(client.isInTransaction()).toBe(false);
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("parses a statement again when it was deallocated or a schema change altered its result", async () => {
    const labels = db
      .select({ label: things.label })
      .from(things)
      .where(eq(things.label, sql.placeholder("label")))
      .prepare("labels");
    expect(await labels.execute({ label: "full" })).toEqual([{ label: "full" }]);
    await client.exec("deallocate all");
    expect(await labels.execute({ label: "full" })).toEqual([{ label: "full" }]);
    await client.exec("alter table things alter column label type varchar(100)");
    expect(await labels.execute({ label: "full" })).toEqual([{ label: "full" }]);
    await client.exec("alter table things alter column label type text");
    expect(await labels.execute({ label: "full" })).toEqual([{ label: "full" }]);
    expect((await preparedStatements()).filter((s) => s.name.startsWith("labels_"))).toHaveLength(1);
  });

  it("never runs inside another caller's transaction, and runs inside its own", async () => {
    const byLabel = db
      .select({ label: things.label })
      .from(things)
      .where(eq(things.label, sql.placeholder("label")))
      .prepare("by_label");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(things).values({ ownerId, label: "in-flight" });
      // The transaction's own handle runs its named statements through PGlite's transaction.
      const inside = await tx
        .select({ label: things.label })
        .from(things)
        .where(eq(things.label, sql.placeholder("label")))
        .prepare("by_label")
        .execute({ label: "in-flight" });
      expect(inside).toEqual([{ label: "in-flight" }]);
      inserted();
      await held;
    });
    await insertedYet;
    let outside: unknown[] | undefined;
    const read = byLabel.execute({ label: "in-flight" }).then((rows) => (outside = rows));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outside).toBeUndefined(); // waits for the transaction to end, as PGlite's query() does
    release();
    await transaction;
    await read;
    expect(outside).toEqual([{ label: "in-flight" }]);
  });

  it("answers each of many concurrent executions with its own rows", async () => {
    const byEmail = db
      .select({ email: owners.email })
      .from(owners)
      .where(eq(owners.email, sql.placeholder("email")))
      .prepare("by_email");
    await db.insert(owners).values(Array.from({ length: 20 }, (_, i) => ({ email: `c${i}@example.com` })));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 2
          ? client.query<{ n: number }>("select $1::int as n", [i]).then((r) => r.rows[0]!.n)
          : byEmail.execute({ email: `c${i % 20}@example.com` }).then((rows) => rows[0]!.email),
      ),
    );
    results.forEach((result, i) => expect(result).toBe(i % 3 === 2 ? i : `c${i % 20}@example.com`));
  });

  it("says the database is unavailable once PGlite is closed", async () => {
    const closing = await PGlite.create();
    const statement = drizzleOnPglite(closing, { schema, casing: "snake_case" })
      .select()
      .from(things)
      .where(eq(things.label, sql.placeholder("label")))
      .prepare("closed");
    await closing.close();
    const error = await statement.execute({ label: "x" }).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
