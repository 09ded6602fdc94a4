// What one dashboard read costs, on PostgreSQL: the server's CPU and this database's backends' CPU per request
// (from /proc), beside wrk's rate and p99, for /api/me, the property list's first page and a property, with
// 1,000 properties (decision 027, docs/architecture.md §9). The server runs on core 0; wrk and the bench
// database's backends on core 1, as in bench/throughput.ts. A server that is idle part of the time (its share
// of the core under 100 %) is waiting on the database or the network, not on its own code.
// Usage: `npx tsx bench/dashboard-cpu.ts` (BENCH_DATABASE_URL, BENCH_SECONDS; BENCH_PATHS, comma-separated).
import pg from "pg";
import {
  cpuMsOf,
  databaseBackends,
  pinTree,
  postgresUrl,
  processTree,
  settle,
  startServer,
  usedBetween,
} from "./lib.ts";
import { createProperties, signUpHost } from "./seed.ts";
import { cell, wrk } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PATHS = (process.env.BENCH_PATHS ?? "/api/me,/api/properties,/api/properties/bench-flat-999").split(",");

const url = await postgresUrl("doorstep_bench_dashboard_cpu");
if (!url) {
  console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL)");
  process.exit(1);
}
const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", DATABASE_URL: url });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
try {
  const host = await signUpHost(server.url, "Manager");
  await createProperties(host, 1000);
  await settle(url);
  pinTree(server.process.pid!, 0);
  const serverPids = processTree(server.process.pid!);
  console.log(
    `| Read at 16 conns | wrk | Server per request (share of core 0) | Database per request (share of a core) |`,
  );
  console.log(`|---|---|---|---|`);
  for (const path of PATHS) {
    const target = `${server.url}${path}`;
    const headers = { cookie: host.cookie };
    wrk(target, { connections: 16, seconds: 2, headers, cpu: 1 }); // warm-up: the pool opens its connections
    const backends = await databaseBackends(admin);
    for (const pid of backends) pinTree(pid, 1);
    const serverBefore = cpuMsOf(serverPids);
    const databaseBefore = cpuMsOf(backends);
    const started = performance.now();
    const result = wrk(target, { connections: 16, seconds: SECONDS, headers, cpu: 1 });
    const wallMs = performance.now() - started;
    const serverMs = usedBetween(serverBefore, cpuMsOf(serverPids));
    const databaseMs = usedBetween(databaseBefore, cpuMsOf(backends));
    const per = (ms: number) =>
      `${Math.round((ms / result.requests) * 1000)} µs (${Math.round((ms / wallMs) * 100)} %)`;
    console.log(`| \`GET ${path}\` | ${cell(result)} | ${per(serverMs)} | ${per(databaseMs)} |`);
  }
} finally {
  await admin.end();
  await server.stop();
}
