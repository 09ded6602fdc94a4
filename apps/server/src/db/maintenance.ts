import type { SqlExecutor } from "./client.ts";

/** Tables up to this many 8 kB pages (16 MB) are vacuumed; larger ones only analyzed, which samples them. */
const VACUUM_MAX_PAGES = 2_000;
/** Bulk changes close together make one run this long after the last of them. */
const SOON_MS = 2_000;

export interface DbMaintenance {
  /**
   * PGlite: ANALYZE every table and VACUUM the small ones, one statement at a time with the event loop free
   * between them; null on PostgreSQL, whose autovacuum does it. Never two runs at once.
   */
  run(): Promise<{ analyzed: number; vacuumed: number } | null>;
  /** After a bulk change (an import, a bulk update, a purge): one run shortly after, however many changes. */
  soon(): void;
  /** Cancels a pending `soon` (the server is closing). */
  close(): void;
}

/**
 * The embedded database's own upkeep (decision 048). PGlite has no autovacuum: without this, a table that grew
 * or churned keeps the planner statistics of its first day, and its dead row versions until a page is pruned.
 * The server runs it after its migrations, after bulk changes (`soon`), and as the recurring job
 * "database-maintenance".
 */
export function createDbMaintenance(options: {
  sql: Pick<SqlExecutor, "executeSql">;
  kind: "pglite" | "postgres";
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  soonMs?: number;
}): DbMaintenance {
  const { sql, kind, log } = options;
  let running: Promise<{ analyzed: number; vacuumed: number }> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

  async function maintain() {
    const started = performance.now();
    const { rows } = await sql.executeSql(
      `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relpages as pages
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg_toast%'
        order by c.relpages`,
    );
    let analyzed = 0;
    let vacuumed = 0;
    for (const row of rows as { name: string; pages: number }[]) {
      await yieldToRequests();
      if (Number(row.pages) <= VACUUM_MAX_PAGES) {
        await sql.executeSql(`vacuum (analyze) ${row.name}`);
        vacuumed++;
      } else {
        await sql.executeSql(`analyze ${row.name}`);
      }
      analyzed++;
    }
    log.info(
      { analyzed, vacuumed, ms: Math.round(performance.now() - started) },
      "embedded database: statistics refreshed",
    );
    return { analyzed, vacuumed };
  }

  const run: DbMaintenance["run"] = async () => {
    if (kind !== "pglite") return null;
    running ??= maintain().finally(() => (running = null));
    return running;
  };

  return {
    run,
    soon() {
      if (kind !== "pglite" || timer) return;
      timer = setTimeout(() => {
        timer = null;
        run().catch((err: unknown) => log.error({ err }, "embedded database upkeep failed"));
      }, options.soonMs ?? SOON_MS);
      timer.unref();
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
