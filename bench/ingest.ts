// Analytics ingest budget (docs/architecture.md §9): visit and section reports at ≥ 5,000 events/s on one
// instance, without slowing guide reads by more than 10 %. On both databases: the ingest's ceiling (wrk with
// bench/ingest.lua: four section beacons of eight events per visit report, each a new session); a steady
// 5,000 events/s alone (one schedule, whatever the latency), with the CPU time the server (core 0), this
// database's PostgreSQL backends and the load tool used; the same requests from a bot (everything but the
// write); then the guide's read rate alone and during that steady ingest, twice in turn (the machine is
// shared: one pair could be anybody's noise). Both wrk runs share core 1 (two cores: the server has the
// other), so the same reader and ingest wrk are run against nginx serving the guide's bytes on core 0 too:
// what reads lose there is the load tools' contention, not the server's. On PostgreSQL, the bench database's
// backends are pinned to core 1 as well. Checks what was written against what was sent (the host's section
// report), after the ceiling and after the steady runs.
import path from "node:path";
import pg from "pg";
import { cpuMsOf, databaseBackends, pinTree, postgresUrl, processTree, startServer, usedBetween } from "./lib.ts";
import { serveStatic } from "./nginx.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { cell, wrk, wrkInBackground, type WrkResult } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCRIPT = path.join(import.meta.dirname, "ingest.lua");
// Per 5 requests: 4 beacons × 8 events + 1 visit = 33 events.
const EVENTS_PER_REQUEST = 33 / 5;
const TARGET_EVENTS = 5000;
const percent = (ms: number, wallMs: number) => `${Math.round((ms / wallMs) * 100)} %`;
const mean = (rs: WrkResult[]) => rs.reduce((sum, r) => sum + r.rps, 0) / rs.length;

async function measure(database: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  const admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  try {
    await admin?.connect();
    const backends = async () => (admin ? databaseBackends(admin) : []);
    // This database's PostgreSQL backends go to core 1 with the load tools, so core 0 is the server's alone
    // (a deployment's database has its own machine); the rest of PostgreSQL is shared and left where it is.
    const pinDatabase = async () => {
      for (const pid of await backends()) pinTree(pid, 1);
    };
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
    const today = new Date().toISOString().slice(0, 10);
    /** Visit sessions and beacon sessions written so far (the host's section report for today). */
    const written = async () => {
      // Until two readings a second and a half apart agree: a backlog may take a while to drain.
      let last = { visits: -1, beacons: -1 };
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, 1500));
        const report = (await (
          await fetch(`${server.url}/api/analytics/sections?from=${today}&to=${today}&propertyId=${guideId}`, {
            headers: { cookie: host.cookie },
          })
        ).json()) as { sessions: number; languages: { sessions: number }[] };
        const now = { visits: report.sessions, beacons: report.languages[0]?.sessions ?? 0 };
        if (now.visits === last.visits && now.beacons === last.beacons) break;
        last = now;
      }
      return last;
    };
    await pinDatabase();
    const ceiling = wrk(server.url, ingest(16, 0));
    // Accepted is not written: a server that queues faster than it writes drops reports past its buffer.
    const afterCeiling = await written();

    // A steady 5,000 events/s: 758 requests/s on one schedule (ingest.lua's RATE), whatever the latency, with
    // connections to spare (64 cover a mean latency of up to 84 ms).
    const steadyIngest = (url: string, bot = false) =>
      wrkInBackground(url, ingest(64, Math.round(TARGET_EVENTS / EVENTS_PER_REQUEST), SECONDS + 2, bot));

    /** Runs `load` and gives its result with the CPU the server and the database's backends used meanwhile. */
    const metered = async <T>(load: () => Promise<T>) => {
      await pinDatabase();
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
    const during: { reads: WrkResult; ingest: WrkResult; serverMs: number; wallMs: number }[] = [];
    let readMeter = { serverMs: 0, requests: 0 };
    for (let round = 0; round < 2; round++) {
      const run = await metered(async () => reads());
      readMeter = {
        serverMs: readMeter.serverMs + run.serverMs,
        requests: readMeter.requests + run.result.requests,
      };
      alone.push(run.result);
      const background = steadyIngest(server.url);
      await new Promise((r) => setTimeout(r, 1000));
      await pinDatabase(); // a connection the pool opened meanwhile
      const withIngest = await metered(async () => reads());
      during.push({ reads: withIngest.result, ingest: await background.wait(), ...withIngest });
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

    const atEnd = await written();
    const sent = [steady.result, ...during.map((d) => d.ingest)].reduce((sum, r) => sum + r.requests, 0);
    const events = (r: { rps: number }) => Math.round(r.rps * EVENTS_PER_REQUEST).toLocaleString("en-GB");
    const steadyRequests = steady.result.rps * (SECONDS + 2);
    const lost = (a: number, b: number) => `${Math.round((1 - b / a) * 100)} %`;
    const wrkShare = (r: WrkResult, seconds: number) => `${Math.round(r.cpuMs / seconds / 10)} %`;
    console.log(`\n${database}`);
    console.log(`| Measure | Result |\n|---|---|`);
    const share = (got: number, of: number) =>
      `${got.toLocaleString("en-GB")} of ${Math.round(of).toLocaleString("en-GB")}`;
    console.log(
      `| Ingest ceiling (16 conns) | ${events(ceiling)} events/s accepted (${cell(ceiling)}); written: ${share(afterCeiling.visits, ceiling.requests / 5)} visits, ${share(afterCeiling.beacons, (ceiling.requests * 4) / 5)} beacons |`,
    );
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
        `| PostgreSQL backends during the steady ingest | ${percent(steady.databaseMs, steady.wallMs)} of core 1 |`,
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
    // The server's own CPU time is not the shared machine's noise: what it spent during reads and ingest
    // beyond the reads' cost alone is the ingest's, and its share of the core is what reads lose when the
    // server has its core to itself.
    const readCost = readMeter.serverMs / readMeter.requests;
    const marginal = during.map((d) => {
      const ingestRequests = (d.ingest.rps * d.wallMs) / 1000;
      const ingestMs = d.serverMs - d.reads.requests * readCost;
      return { perRequest: ingestMs / ingestRequests, share: ingestMs / d.serverMs };
    });
    console.log(
      `| Ingest's share of the server's CPU during reads (server CPU beyond the reads' own cost) | ${marginal.map((m) => `${Math.round(m.share * 100)} % (${Math.round(m.perRequest * 1000)} µs per ingest request)`).join("; ")} |`,
    );
    console.log(
      `| Guide read rate lost to ingest (mean of runs) | ${lost(mean(alone), mean(during.map((d) => d.reads)))} |`,
    );
    console.log(
      `| nginx, the guide's bytes: alone / during the same ingest wrk | ${cell(nginxAlone)} / ${cell(nginxDuring)}: ${lost(nginxAlone.rps, nginxDuring.rps)} lost to the load tools |`,
    );
    console.log(
      `| Written after the ceiling (section report, today) | ${share(atEnd.visits - afterCeiling.visits, sent / 5)} visits, ${share(atEnd.beacons - afterCeiling.beacons, (sent * 4) / 5)} beacons sent |`,
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
