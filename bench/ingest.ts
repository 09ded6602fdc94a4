// Analytics ingest budget (docs/architecture.md §9): visit and section reports at ≥ 5,000 events/s on one
// instance, without slowing guide reads by more than 10 %. On both databases: the ingest's ceiling (wrk with
// bench/ingest.lua: four section beacons of eight events per visit report, each a new session); a steady
// 5,000 events/s alone (one schedule, whatever the latency), with the CPU time the server (core 0), this
// database's PostgreSQL backends and the load tool used; the same requests from a bot (everything but the
// write); then the guide's read rate alone and during that steady ingest, twice in turn (the machine is
// shared: one pair could be anybody's noise). Both wrk runs share core 1 (two cores: the server has the
// other), so the same reader and ingest wrk are run against nginx serving the guide's bytes on core 0 too:
// what reads lose there is the load tools' contention, not the server's. Checks the events were written by
// reading the host's section report afterwards.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { pinTree, postgresUrl, startServer } from "./lib.ts";
import { serveStatic } from "./nginx.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { cell, wrk, wrkInBackground, type WrkResult } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCRIPT = path.join(import.meta.dirname, "ingest.lua");
// Per 5 requests: 4 beacons × 8 events + 1 visit = 33 events.
const EVENTS_PER_REQUEST = 33 / 5;
const TARGET_EVENTS = 5000;
const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100)

/** CPU time (user + system, ms) the processes have used so far; a process gone counts nothing. */
function cpuMsOf(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      /* gone */
    }
  }
  return used;
}

/** What the processes used between two readings, over the processes present in both. */
const usedBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - before.get(pid)! : 0), 0);

function processTree(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
  return [pid, ...children.flatMap(processTree)];
}

const percent = (ms: number, wallMs: number) => `${Math.round((ms / wallMs) * 100)} %`;
const mean = (rs: WrkResult[]) => rs.reduce((sum, r) => sum + r.rps, 0) / rs.length;

async function measure(database: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  const admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  try {
    await admin?.connect();
    const backends = async () =>
      admin
        ? (
            await admin.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
            )
          ).rows.map((r) => r.pid)
        : [];
    const host = await signUpHost(server.url, "Ingest");
    const guideId = await createGuide(server.url, host);
    pinTree(server.process.pid!, 0);
    const serverPids = processTree(server.process.pid!);
    const guideUrl = `${server.url}/g/${guideId}`;
    const reads = (url = guideUrl) => wrk(url, { connections: 16, seconds: SECONDS, cpu: 1 });
    wrk(guideUrl, { connections: 16, seconds: 2, cpu: 1 }); // warm-up

    const ingest = (connections: number, rate: number, seconds = SECONDS, bot = false) => ({
      connections,
      seconds,
      cpu: 1,
      script: SCRIPT,
      env: { PROPERTY: guideId, RATE: String(rate), BOT: bot ? "1" : "0" },
    });
    const ceiling = wrk(server.url, ingest(16, 0));

    // A steady 5,000 events/s: 758 requests/s on one schedule (ingest.lua's RATE), whatever the latency, with
    // connections to spare (64 cover a mean latency of up to 84 ms).
    const steadyIngest = (url: string, bot = false) =>
      wrkInBackground(url, ingest(64, Math.round(TARGET_EVENTS / EVENTS_PER_REQUEST), SECONDS + 2, bot));

    /** Runs `load` and gives its result with the CPU the server and the database's backends used meanwhile. */
    const metered = async <T>(load: () => Promise<T>) => {
      const pids = [...serverPids, ...(await backends())];
      const before = cpuMsOf(pids);
      const started = performance.now();
      const result = await load();
      const wallMs = performance.now() - started;
      const after = cpuMsOf(pids);
      const serverMs = usedBetween(new Map([...before].filter(([p]) => serverPids.includes(p))), after);
      return { result, wallMs, serverMs, databaseMs: usedBetween(before, after) - serverMs };
    };

    const steady = await metered(() => steadyIngest(server.url).wait());
    await new Promise((r) => setTimeout(r, 1500)); // the last batch is written within a second
    // The same requests from a bot: what HTTP, parsing, validation and the rate limiter cost without the write.
    const bots = await metered(() => steadyIngest(server.url, true).wait());
    const alone: WrkResult[] = [];
    const during: { reads: WrkResult; ingest: WrkResult }[] = [];
    let readMeter = { serverMs: 0, requests: 0 };
    for (let round = 0; round < 2; round++) {
      const run = await metered(async () => reads());
      readMeter = {
        serverMs: readMeter.serverMs + run.serverMs,
        requests: readMeter.requests + run.result.rps * SECONDS,
      };
      alone.push(run.result);
      const background = steadyIngest(server.url);
      await new Promise((r) => setTimeout(r, 1000));
      const withIngest = reads();
      during.push({ reads: withIngest, ingest: await background.wait() });
      await new Promise((r) => setTimeout(r, 1500));
    }

    // The same load tools against nginx on the server's core: the ingest's POSTs get 405 there at no cost.
    const html = await (await fetch(guideUrl)).text();
    const nginx = await serveStatic(html, { workers: 1, cpu: 0 });
    let nginxAlone: WrkResult, nginxDuring: WrkResult;
    try {
      reads(nginx.url);
      nginxAlone = reads(nginx.url);
      const background = steadyIngest(new URL(nginx.url).origin);
      await new Promise((r) => setTimeout(r, 1000));
      nginxDuring = reads(nginx.url);
      await background.wait();
    } finally {
      nginx.stop();
    }

    const today = new Date().toISOString().slice(0, 10);
    const report = (await (
      await fetch(`${server.url}/api/analytics/sections?from=${today}&to=${today}&propertyId=${guideId}`, {
        headers: { cookie: host.cookie },
      })
    ).json()) as { sessions: number; languages: { sessions: number }[] };
    const events = (r: { rps: number }) => Math.round(r.rps * EVENTS_PER_REQUEST).toLocaleString("en-GB");
    const steadyRequests = steady.result.rps * (SECONDS + 2);
    const lost = (a: number, b: number) => `${Math.round((1 - b / a) * 100)} %`;
    const wrkShare = (r: WrkResult, seconds: number) => `${Math.round(r.cpuMs / seconds / 10)} %`;
    console.log(`\n${database}`);
    console.log(`| Measure | Result |\n|---|---|`);
    console.log(`| Ingest ceiling (16 conns) | ${events(ceiling)} events/s (${cell(ceiling)}) |`);
    console.log(
      `| Steady ingest alone (758 req/s scheduled, 64 conns) | ${events(steady.result)} events/s (${cell(steady.result)}) |`,
    );
    console.log(
      `| Server CPU (core 0) | ${Math.round((steady.serverMs / steadyRequests) * 1000)} µs per ingest request (${percent(steady.serverMs, steady.wallMs)} of the core at the steady rate); ${Math.round((readMeter.serverMs / readMeter.requests) * 1000)} µs per guide read |`,
    );
    console.log(
      `| Server CPU for the same requests from a bot (validated, rate-limited, ignored) | ${Math.round((bots.serverMs / (bots.result.rps * (SECONDS + 2))) * 1000)} µs per request (${percent(bots.serverMs, bots.wallMs)} of the core) |`,
    );
    if (admin)
      console.log(
        `| PostgreSQL backends during the steady ingest | ${percent(steady.databaseMs, steady.wallMs)} of a core (not pinned: either core) |`,
      );
    console.log(
      `| Load tools (core 1) | reader wrk ${wrkShare(alone[0]!, SECONDS)} of the core alone; ingest wrk ${wrkShare(steady.result, SECONDS + 2)} |`,
    );
    alone.forEach((r, i) => {
      console.log(`| Guide reads alone (16 conns), run ${i + 1} | ${cell(r)} |`);
      console.log(
        `| Guide reads during steady ingest, run ${i + 1} | ${cell(during[i]!.reads)}; ingest ${events(during[i]!.ingest)} events/s |`,
      );
    });
    console.log(
      `| Guide read rate lost to ingest (mean of runs) | ${lost(mean(alone), mean(during.map((d) => d.reads)))} |`,
    );
    console.log(
      `| nginx, the guide's bytes: alone / during the same ingest wrk | ${cell(nginxAlone)} / ${cell(nginxDuring)}: ${lost(nginxAlone.rps, nginxDuring.rps)} lost to the load tools |`,
    );
    console.log(
      `| Written (section report, today) | ${report.sessions.toLocaleString("en-GB")} visit sessions, ${(report.languages[0]?.sessions ?? 0).toLocaleString("en-GB")} beacon sessions |`,
    );
  } finally {
    await admin?.end();
    await server.stop();
  }
}

await measure("PGlite", {});
const url = await postgresUrl("doorstep_bench_ingest");
if (url) await measure("PostgreSQL", { DATABASE_URL: url });
else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
