// The server's garbage collection under the dashboard's hot reads (decision 029): for V8's default young
// generation (16 MB semi-spaces) and for the 64 MB that scripts/start.mjs gives the server, on both databases,
// the scavenges and GC time per second, the longest pause and the event loop's delay (bench/gc-meter.mjs,
// preloaded into the server), beside wrk's req/s and p99 at 16 connections. The server is pinned to core 0,
// wrk and this database's PostgreSQL backends to core 1, as in bench/throughput.ts. BENCH_SECONDS per run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { databaseBackends, pinTree, postgresUrl, processTree, settle, startServer } from "./lib.ts";
import { createProperties, signUpHost } from "./seed.ts";
import { wrk } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SEMI_SPACES = [16, 64];
const meterFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-gc-")), "meter.json");
const meter = path.join(import.meta.dirname, "gc-meter.mjs");
const lines: string[] = [];

interface Meter {
  seconds: number;
  scavenges: number;
  others: number;
  gcMs: number;
  longestMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

async function readMeter(serverPid: number): Promise<Meter> {
  fs.rmSync(meterFile, { force: true });
  // The server only: SIGUSR2 would end scripts/start.mjs, its parent.
  for (const pid of processTree(serverPid).slice(1)) process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(meterFile); i++) await new Promise((r) => setTimeout(r, 20));
  if (!fs.existsSync(meterFile)) throw new Error("the server wrote no GC figures (is bench/gc-meter.mjs preloaded?)");
  return JSON.parse(fs.readFileSync(meterFile, "utf8")) as Meter;
}

async function measure(database: string, env: Record<string, string>, semiSpace: number) {
  const server = await startServer({
    RATE_LIMITS: "off",
    NODE_ENV: "development",
    GC_METER_FILE: meterFile,
    NODE_OPTIONS: `--import ${meter} --max-semi-space-size=${semiSpace}`,
    ...env,
  });
  const admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  try {
    const host = await signUpHost(server.url, "Manager");
    await createProperties(host, 1000);
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);
    await admin?.connect();
    pinTree(server.process.pid!, 0);
    const headers = { cookie: host.cookie };
    for (const [read, url] of [
      ["`GET /api/me`", "/api/me"],
      ["`GET /api/properties`", "/api/properties"],
    ] as const) {
      wrk(`${server.url}${url}`, { connections: 16, seconds: 2, headers, cpu: 1 }); // warm-up
      if (admin) for (const pid of await databaseBackends(admin)) pinTree(pid, 1);
      await readMeter(server.process.pid!);
      const result = wrk(`${server.url}${url}`, { connections: 16, seconds: SECONDS, headers, cpu: 1 });
      const m = await readMeter(server.process.pid!);
      lines.push(
        `| ${read} | ${database} | ${semiSpace} MB | ${(m.scavenges / m.seconds).toFixed(1)}/s | ` +
          `${((m.gcMs / m.seconds / 1000) * 100).toFixed(1)} % | ${m.longestMs.toFixed(1)} ms | ` +
          `${m.loopDelayP99Ms.toFixed(1)} / ${m.loopDelayMaxMs.toFixed(1)} ms | ` +
          `${Math.round(result.rps).toLocaleString("en-GB")} req/s, p99 ${result.p99.toFixed(1)} ms |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await admin?.end();
    await server.stop();
  }
}

for (const semiSpace of SEMI_SPACES) {
  await measure("PGlite", {}, semiSpace);
  // A fresh database for each run (the seed's weblinks are unique).
  const url = await postgresUrl("doorstep_bench_gc");
  if (url) await measure("PostgreSQL", { DATABASE_URL: url }, semiSpace);
  else if (semiSpace === SEMI_SPACES[0]) console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
}
console.log(`\nwrk, 1 thread, 16 connections, ${SECONDS} s per run; 1,000 properties\n`);
console.log("| Read | Database | Semi-space | Scavenges | GC time | Longest pause | Loop delay p99 / max | wrk |");
console.log("|---|---|---|---|---|---|---|---|");
for (const line of lines) console.log(line);
