import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { serverFile } from "../lib/server-files.ts";
import { openBoundedPool } from "./bounded-pool.ts";
import { drizzleOnPglite, queryNamed } from "./pglite-prepared.ts";
import { yieldBetweenStatements } from "./pglite-turns.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** One type for both drivers: feature code never knows which database it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of one statement (the last, when the text holds several). */
export interface SqlResult {
  rows: Record<string, unknown>[];
}

/**
 * Plain SQL on either driver, for code that brings its own statements (the job queue's library): one statement
 * with `$n` parameters, or several without; `transaction` runs `run` on one connection between BEGIN and COMMIT.
 */
export interface SqlExecutor {
  /**
   * `name`: a statement run often, prepared once per connection (PostgreSQL) or instance (PGlite) and then only
   * executed, which spares PGlite planning it again on the server's thread each time. Ignored in a transaction.
   */
  executeSql(text: string, values?: unknown[], name?: string): Promise<SqlResult>;
  transaction<T>(run: (sql: Pick<SqlExecutor, "executeSql">) => Promise<T>): Promise<T>;
}

export interface Database {
  db: Db;
  /** The same database for plain SQL (the job queue, decision 034). */
  sql: SqlExecutor;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (`npm run admin -- backup`). */
  dumpDataDir?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = serverFile("db", "migrations");

/** The pg_advisory_lock key that serialises migrations across instances ("doorstep" in ASCII, fits a bigint). */
export const MIGRATION_LOCK_KEY = 0x646f6f7273746570n;

/**
 * Runs `migrate` while holding a session-level advisory lock on one pooled connection: instances that start
 * together wait for each other, and the later ones then find every migration applied (scaled mode, §1).
 */
async function withMigrationLock(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

export interface PostgresOptions {
  /** A connection the server or the network ended (it is replaced); by default a warning. */
  onConnectionError?: (error: Error) => void;
  /** How long a query may go unanswered before its connection is given up (`QUERY_TIMEOUT_MS`). */
  queryTimeoutMs?: number;
}

/**
 * PostgreSQL at `url` through a pool that no network fault can hang (`bounded-pool.ts`). A connection that the
 * server or the network ends (a restart, a failover, an administrator) is reported to `onConnectionError` and
 * replaced by the pool; unhandled, it would crash the process. A query on it, or one left unanswered past the
 * query timeout, fails as unavailable and the request answers 503.
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const onConnectionError =
    options.onConnectionError ?? ((e: Error) => console.warn(`database connection lost: ${e.message}`));
  const pool = openBoundedPool({ url, onConnectionError, queryTimeoutMs: options.queryTimeoutMs });
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    sql: postgresExecutor(pool),
    kind: "postgres",
    migrate: async () => {
      // Migrations get a pool of their own without the query timeout: an index on a big table, or waiting for
      // another instance's migrations behind the lock, may rightly take longer.
      const migrations = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 });
      migrations.on("error", onConnectionError);
      try {
        const migrationDb = drizzlePg(migrations, { schema, casing: "snake_case" });
        await withMigrationLock(migrations, () => migratePg(migrationDb, { migrationsFolder: MIGRATIONS_DIR }));
      } finally {
        await migrations.end();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/** PGlite (Postgres in WASM) in `dataDir`, or in memory when dataDir is undefined; `loadDataDir` clones a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // Chains of statements let requests in between (decision 064).
  yieldBetweenStatements(client);
  // Named statements are prepared once per instance here too, as `pg` does per connection (decision 062).
  const db = drizzleOnPglite(client, { schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    sql: pgliteExecutor(client),
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("gzip"),
    // Exposed for the test template dump.
    ...({ client } as object),
  };
}

function postgresExecutor(pool: pg.Pool): SqlExecutor {
  const on = (client: pg.Pool | pg.PoolClient) => ({
    executeSql: async (text: string, values?: unknown[], name?: string) => {
      // Several statements come back as one result each (pg's simple protocol); the caller reads the last.
      const result = (await (name && client === pool
        ? client.query({ name, text, values })
        : client.query(text, values))) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
  });
  return {
    ...on(pool),
    async transaction(run) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await run(on(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  const on = (target: Pick<PGlite, "query" | "exec">) => ({
    executeSql: async (text: string, values?: unknown[], name?: string) => {
      if (name && target === client)
        return { rows: (await queryNamed<Record<string, unknown>>(client, name, text, values)).rows };
      // PGlite's query() takes one statement; exec() takes several but no parameters.
      if (values?.length) return { rows: (await target.query<Record<string, unknown>>(text, values)).rows };
      return { rows: ((await target.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  });
  return { ...on(client), transaction: (run) => client.transaction((tx) => run(on(tx))) };
}
