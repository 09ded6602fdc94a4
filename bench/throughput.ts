// Server throughput, measured with wrk against nginx on the same machine, on both databases: the guest
// guide (30 items, 10 photos) and the dashboard's hot reads with 1,000 properties in the account (budgets in
// docs/architecture.md §9). The server runs pinned to core 0, nginx (one worker) too, wrk to core 1, so the
// load tool never competes with what it measures; on PostgreSQL the bench database's backends join wrk on
// core 1 (a deployment's database has its own machine). Right after seeding, the database is vacuumed. PostgreSQL runs when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, or a local server answers. Prints one table, and the machine's own stalls at rest
// before and after (bench/hiccup.ts). BENCH_SECONDS sets each run's length.
import pg from "pg";
import { databaseBackends, pinTree, postgresUrl, settle, startServer, type RunningServer } from "./lib.ts";
import { describeHiccups, measureHiccups } from "./hiccup.ts";
import { serveStatic } from "./nginx.ts";
import { createGuide, createProperties, signUpHost } from "./seed.ts";
import { cell, wrk, type WrkResult } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1000);
const SERVER_CPU = 0;
const LOAD_CPU = 1;

interface Row {
  read: string;
  results: Record<string, string>;
}
const rows: Row[] = [];

function record(read: string, database: string, value: string) {
  let row = rows.find((r) => r.read === read);
  if (!row) rows.push((row = { read, results: {} }));
  row.results[database] = value;
}

async function measure(database: string, env: Record<string, string>) {
  let server: RunningServer | null = null;
  let admin: pg.Client | null = null;
  try {
    server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
    const host = await signUpHost(server.url, "Manager");
    const started = performance.now();
    await createProperties(host, PROPERTIES);
    const guideId = await createGuide(server.url, host);
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);
    console.log(
      `${database}: ${PROPERTIES} properties and a 30-item guide in ${Math.round(performance.now() - started)} ms`,
    );
    pinTree(server.process.pid!, SERVER_CPU);

    // This database's backends share the load tool's core, so the server has its core to itself, as with a
    // database on its own machine; the rest of PostgreSQL is left where it is. Pinned again after each
    // warm-up, which opens the pool's connections.
    admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
    await admin?.connect();
    const pinDatabase = async () => {
      if (admin) for (const pid of await databaseBackends(admin)) pinTree(pid, LOAD_CPU);
    };
    const guideUrl = `${server.url}/g/${guideId}`;
    const html = await (await fetch(guideUrl)).text();
    const run = async (url: string, connections = 16, headers: Record<string, string> = {}): Promise<WrkResult> => {
      wrk(url, { connections, seconds: 2, headers, cpu: LOAD_CPU }); // warm-up
      await pinDatabase();
      return wrk(url, { connections, seconds: SECONDS, headers, cpu: LOAD_CPU });
    };

    const guide = await run(guideUrl);
    const nginx = await serveStatic(html, { workers: 1, cpu: SERVER_CPU });
    let ceiling: WrkResult;
    try {
      ceiling = await run(nginx.url);
    } finally {
      nginx.stop();
    }
    record("Guide `/g/:id` at 16 conns", database, cell(guide));
    record("nginx, same HTML (1 worker)", database, cell(ceiling));
    record("Guide ÷ nginx", database, `${Math.round((guide.rps / ceiling.rps) * 100)} %`);

    const auth = { cookie: host.cookie };
    for (const [read, path] of [
      ["`GET /api/me`", "/api/me"],
      ["`GET /api/properties` (first page)", "/api/properties"],
      ["`GET /api/properties/:id`", `/api/properties/bench-flat-${PROPERTIES - 1}`],
    ] as const) {
      record(`${read} at 16 conns`, database, cell(await run(`${server.url}${path}`, 16, auth)));
      const one = await run(`${server.url}${path}`, 1, auth);
      record(`${read} at 1 conn`, database, `p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms`);
    }
  } finally {
    await admin?.end();
    await server?.stop();
  }
}

// What the machine itself stalls, before and after the runs (bench/hiccup.ts): a p99 cannot be shorter.
const restBefore = await measureHiccups(5);
await measure("PGlite", {});
const url = await postgresUrl("doorstep_bench_throughput");
if (url) await measure("PostgreSQL", { DATABASE_URL: url });
else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");

const databases = url ? ["PGlite", "PostgreSQL"] : ["PGlite"];
console.log(`\nwrk, 1 thread; server and nginx on core ${SERVER_CPU}, wrk on core ${LOAD_CPU}; ${SECONDS} s per run\n`);
console.log(`| Read | ${databases.join(" | ")} |`);
console.log(`|---|${databases.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.read} | ${databases.map((d) => row.results[d] ?? "—").join(" | ")} |`);
console.log(`\nThe machine at rest before the runs: ${describeHiccups(restBefore)}`);
console.log(`The machine at rest after the runs: ${describeHiccups(await measureHiccups(5))}`);
