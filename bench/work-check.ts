// `npm run bench:check` (issue 39): a guard that counts work, not time. The compiled server runs under
// valgrind's callgrind as `npm start` runs it (NODE_ENV=production, LOCAL_RUN, rate limits on); after seeding a
// 30-item guide it counts the CPU instructions the server executes for a batch of guide requests and a batch
// of `GET /api/me`, minus what it executes idle for as long (timers, the job queue), per request. Instruction
// counts do not depend on how busy the machine is, so the check holds on a loaded machine and in CI.
//
// It fails when a read costs more than 25 % above bench/work-baseline.json. After a change that is meant to
// cost more (or less), refresh the baseline with `npm run bench:check -- --update` and commit the file with
// the change, saying why in its message. BENCH_DATABASE_URL (or TEST_DATABASE_URL) runs it on PostgreSQL,
// otherwise on PGlite; the baseline keeps one figure per database.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, postgresUrl, ROOT } from "./lib.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { probeEnv, readProbe } from "./work.ts";

const BASELINE = path.join(ROOT, "bench/work-baseline.json");
const TOLERANCE = 0.25;
// The steady state: with 300 warm-up requests and batches of 200 the guide's count was mostly the JIT still
// compiling (about four times its steady cost), where a real 25 % regression could hide (decision 063).
// The guide, cheap under valgrind, warms longer.
const WARM = Number(process.env.BENCH_CHECK_WARM ?? 1500);
const GUIDE_WARM = Number(process.env.BENCH_CHECK_GUIDE_WARM ?? 5000);
const REQUESTS = Number(process.env.BENCH_CHECK_REQUESTS ?? 500);
// Six batches, the cheapest kept: the first ones still pay for the warm-up's garbage (sweeping, on the main
// thread here), the guide's batches falling 264k, 193k, 119k, 100k before they settle.
const ROUNDS = 6;
const update = process.argv.includes("--update");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  console.error("bench:check needs valgrind (Debian: apt-get install valgrind)");
  process.exit(2);
}
// The server must be built (npm start, npm run build or CI's build step do it).
const main = path.join(ROOT, "apps/server/dist/main.js");
if (!fs.existsSync(main)) {
  console.error("apps/server/dist/main.js is missing: run `npm run build` first");
  process.exit(2);
}

// PostgreSQL when one is configured (CI), which starts far faster under valgrind than PGlite's WebAssembly.
const databaseUrl =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? await postgresUrl("doorstep_bench_check") : null;
const database = databaseUrl ? "postgres" : "pglite";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-check-"));
const outPrefix = path.join(dataDir, "callgrind.out");
const probeFile = path.join(dataDir, "probe.json");
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

console.log(`bench:check on ${database}: starting the server under callgrind (a minute or two)...`);
const child = spawn(
  "valgrind",
  [
    "--tool=callgrind",
    "-q",
    "--instr-atstart=no",
    `--callgrind-out-file=${outPrefix}.%p`,
    process.execPath,
    "--max-semi-space-size=64",
    // V8's compiler and GC on the main thread, in the request that causes them, and no GC started by the
    // server falling idle (the memory reducer): otherwise the work a batch caused landed in the idle window
    // measured after it and was subtracted from it, and a batch's count varied sixfold.
    "--single-threaded",
    "--no-memory-reducer",
    main,
  ],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOCAL_RUN: "true",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // No revalidation inside a window (it is due by the clock, and valgrind stretches the clock): a
      // revalidation is background work, bounded by decision 047, not a request's.
      GUIDE_RENDER_CACHE_MS: "3600000",
      // Nor the job queue's polls and runs, which fall in one window or the other.
      JOBS: "off",
      ...probeEnv(probeFile),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const pid = child.pid!;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const control = (...args: string[]) => {
  const run = spawnSync("callgrind_control", [...args, String(pid)], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`callgrind_control ${args.join(" ")}: ${run.stderr}`);
};
/** Instructions counted since the last dump (or zero): callgrind writes them in a new numbered file. */
let dumps = 0;
async function dumpInstructions(): Promise<number> {
  control("-d");
  dumps++;
  const file = `${outPrefix}.${pid}.${dumps}`;
  for (let i = 0; i < 200 && !fs.existsSync(file); i++) await sleep(100);
  await sleep(200);
  const totals = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(file, "utf8"));
  if (!totals) throw new Error(`no totals in ${file}`);
  return Number(totals[1]);
}

try {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start");
    if (i > 600) throw new Error("the server did not start within 10 minutes");
    if ((await get("/api/health").catch(() => 0)) === 200) break;
    await sleep(1000);
  }
  const host = await signUpHost(base, "Check");
  const guideId = await createGuide(base, host, 30, 0);
  const reads: [string, string, Record<string, string>, number][] = [
    ["guide", `/g/${guideId}`, {}, GUIDE_WARM],
    ["/api/me", "/api/me", { cookie: host.cookie }, WARM],
  ];
  // Warm, instrumented as the batches will be; the count so far is dumped and dropped.
  control("-i", "on");
  for (const [, url, headers, warm] of reads) for (let i = 0; i < warm; i++) await get(url, headers);
  await dumpInstructions();

  const measured: Record<string, number> = {};
  for (const [name, url, headers] of reads) {
    // The cheapest batch is kept (ROUNDS): a batch can pay for the JIT recompiling a hot function, or for
    // sweeping garbage an earlier batch left, which is not the read's cost.
    const rounds: { instructions: number; statements: number; text: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await readProbe(pid, probeFile, 60_000);
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const status = await get(url, headers);
        if (status !== 200) throw new Error(`${name}: ${status}`);
      }
      const busy = await dumpInstructions();
      const seconds = (performance.now() - started) / 1000;
      const probe = await readProbe(pid, probeFile, 60_000);
      const statements = Object.values(probe.statements).reduce((sum, s) => sum + s.n, 0);
      // The same time idle: what the server does anyway (timers, the queue's polls) is not the read's.
      await sleep(seconds * 1000);
      const idle = await dumpInstructions();
      const idleProbe = await readProbe(pid, probeFile, 60_000);
      const idleStatements = Object.values(idleProbe.statements).reduce((sum, s) => sum + s.n, 0);
      rounds.push({
        instructions: Math.round(Math.max(0, busy - idle) / REQUESTS),
        // Statements are counted too: on PostgreSQL a query's own work is in the database's process, not here.
        statements: Math.round((Math.max(0, statements - idleStatements) / REQUESTS) * 100) / 100,
        text: `${busy.toLocaleString("en-GB")} for ${REQUESTS} requests in ${seconds.toFixed(1)} s, ${idle.toLocaleString("en-GB")} idle as long`,
      });
    }
    const kept = rounds.reduce((a, b) => (b.instructions < a.instructions ? b : a));
    measured[name] = kept.instructions;
    measured[`${name} statements`] = kept.statements;
    console.log(
      `${name}: ${kept.statements} statements and ${kept.instructions.toLocaleString("en-GB")} instructions per request ` +
        `(${kept.text}; the ${ROUNDS} batches: ${rounds.map((r) => r.instructions.toLocaleString("en-GB")).join(", ")})`,
    );
  }

  const baseline = fs.existsSync(BASELINE)
    ? (JSON.parse(fs.readFileSync(BASELINE, "utf8")) as Record<string, Record<string, number>>)
    : {};
  if (update) {
    baseline[database] = measured;
    fs.writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`Baseline for ${database} written to bench/work-baseline.json: commit it with the change.`);
  } else {
    const expected = baseline[database];
    if (!expected) throw new Error(`no baseline for ${database}: run \`npm run bench:check -- --update\``);
    let failed = false;
    for (const [name, count] of Object.entries(measured)) {
      // Statements come in whole ones: a tenth of one per request is noise (a background statement), not a read's.
      const slack = name.endsWith("statements") ? 0.1 : 0;
      const limit = Math.max((expected[name] ?? 0) * (1 + TOLERANCE), (expected[name] ?? 0) + slack);
      const ratio = count / (expected[name] || 1);
      const verdict = count > limit ? "FAIL" : "ok";
      if (count > limit) failed = true;
      console.log(
        `${verdict}: ${name} ${count.toLocaleString("en-GB")} against a baseline of ${(expected[name] ?? 0).toLocaleString("en-GB")} (${Math.round(ratio * 100)} %, limit ${Math.round((1 + TOLERANCE) * 100)} %)`,
      );
    }
    if (failed) process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  agent.destroy();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
