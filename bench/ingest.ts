// Analytics ingest budget (docs/architecture.md §9): visit and section reports at ≥ 5,000 events/s on one
// instance, without slowing guide reads by more than 10 %. On both databases:
// - the ingest's ceiling (wrk with bench/ingest.lua: four section beacons of eight events per visit report,
//   each a new session), and whether everything accepted was written;
// - a steady 5,000 events/s alone (758 requests/s on one schedule, whatever the latency), with the CPU time
//   the server (core 0) and this database's PostgreSQL backends used; the same requests from a bot
//   (everything but the write); and guide reads at the same 758 requests/s, which show what any request costs
//   a server that sleeps between them;
// - what reports take from guide reads: the server's read capacity (reads per second of its CPU) with the
//   reports mixed into the reads at 758 a second, against reads alone. One load tool sends both on the same
//   connections (ingest.lua's EVERY), so a second load tool does not compete with the reader for core 1; the
//   runs are short and interleaved (reads, mixed, mixed, reads) and the median of the pairs is reported,
//   because this shared machine's speed drifts by a third within seconds; and the capacity is counted per
//   second the server was busy, because when PostgreSQL's backends and the load tool share core 1 the server
//   sometimes waits for them, and reads lost that way are the bench machine's, not the server's.
// A deployment's database has its own machine: here this database's backends are pinned to core 1.
import path from "node:path";
import pg from "pg";
import { cpuMsOf, databaseBackends, onEachDatabase, pinTree, processTree, startServer, usedBetween } from "./lib.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { cell, wrk, wrkInBackground, type WrkResult } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Read/mixed pairs per measure (two per round). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const RUN_SECONDS = 3;
const SCRIPT = path.join(import.meta.dirname, "ingest.lua");
// Per 5 requests: 4 beacons × 8 events + 1 visit = 33 events.
const EVENTS_PER_REQUEST = 33 / 5;
const TARGET_EVENTS = 5000;
const STEADY_RATE = Math.round(TARGET_EVENTS / EVENTS_PER_REQUEST);
const percent = (share: number) => `${Math.round(share * 100)} %`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Median and quartiles, as "12 % (8–15 %)". */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const i = (sorted.length - 1) * q;
    const lo = Math.floor(i);
    return sorted[lo]! + (sorted[Math.ceil(i)]! - sorted[lo]!) * (i - lo);
  };
  const pct = (v: number) => Math.round(v * 100);
  return `${pct(at(0.5))} % (quartiles ${pct(at(0.25))} to ${pct(at(0.75))} %)`;
}

async function measure(database: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  const admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
  try {
    await admin?.connect();
    const backends = async () => (admin ? databaseBackends(admin) : []);
    // This database's PostgreSQL backends go to core 1 with the load tool, so core 0 is the server's alone;
    // the rest of PostgreSQL is shared and left where it is.
    const pinDatabase = async () => {
      for (const pid of await backends()) pinTree(pid, 1);
    };
    const host = await signUpHost(server.url, "Ingest");
    const guideId = await createGuide(server.url, host);
    // One of the guide's items goes first in every beacon: its sessions in the host's report are the beacons
    // written (a beacon's language is not counted since decision 045; the visit's is).
    const guide = (await (await fetch(`${server.url}/api/guide/${guideId}`)).json()) as {
      sections: { items: { id: string }[] }[];
    };
    const itemId = guide.sections.flatMap((s) => s.items)[0]!.id;
    pinTree(server.process.pid!, 0);
    const serverPids = processTree(server.process.pid!);
    wrk(`${server.url}/g/${guideId}`, { connections: 16, seconds: 2, cpu: 1 }); // warm-up

    const load = (options: { connections: number; seconds: number; rate?: number; every?: number; bot?: boolean }) => ({
      connections: options.connections,
      seconds: options.seconds,
      cpu: 1,
      script: SCRIPT,
      env: {
        PROPERTY: guideId,
        RATE: String(options.rate ?? 0),
        EVERY: String(options.every ?? 0),
        BOT: options.bot ? "1" : "0",
        ITEM: itemId,
      },
    });
    const today = new Date().toISOString().slice(0, 10);
    /** Visit sessions and beacon sessions written so far (the host's section report for today). */
    const written = async () => {
      // Until two readings a second and a half apart agree: a backlog may take a while to drain.
      let last = { visits: -1, beacons: -1 };
      for (let i = 0; i < 40; i++) {
        await sleep(1500);
        const report = (await (
          await fetch(`${server.url}/api/analytics/sections?from=${today}&to=${today}&propertyId=${guideId}`, {
            headers: { cookie: host.cookie },
          })
        ).json()) as { sessions: number; items: { id: string; sessions: number }[] };
        const now = { visits: report.sessions, beacons: report.items.find((i) => i.id === itemId)?.sessions ?? 0 };
        if (now.visits === last.visits && now.beacons === last.beacons) break;
        last = now;
      }
      return last;
    };

    /** Runs `run` and gives its result with the CPU the server and the database's backends used meanwhile. */
    const metered = async <T>(run: () => Promise<T> | T) => {
      await pinDatabase();
      const pids = [...serverPids, ...(await backends())];
      const before = cpuMsOf(pids);
      const started = performance.now();
      const result = await run();
      const wallMs = performance.now() - started;
      const after = cpuMsOf(pids);
      const serverMs = usedBetween(new Map([...before].filter(([p]) => serverPids.includes(p))), after);
      return { result, wallMs, serverMs, databaseMs: usedBetween(before, after) - serverMs };
    };

    await pinDatabase();
    const ceiling = wrk(server.url, load({ connections: 16, seconds: SECONDS }));
    // Accepted is not written: a server that queues faster than it writes drops reports past its buffer.
    const afterCeiling = await written();

    // A steady 5,000 events/s, with connections to spare (64 cover a mean latency of up to 84 ms).
    const steadyLoad = (options: { every?: number; bot?: boolean } = {}) =>
      metered(() =>
        wrkInBackground(server.url, load({ connections: 64, seconds: SECONDS, rate: STEADY_RATE, ...options })).wait(),
      );
    const steady = await steadyLoad();
    const afterSteady = await written();
    // The same requests from a bot: what HTTP, parsing, validation and the rate limiter cost without the write.
    const bots = await steadyLoad({ bot: true });
    // Guide reads at the same arrival rate: what a request costs when the server sleeps between requests.
    const sameRateReads = await steadyLoad({ every: -1 });
    const perRequest = (run: { serverMs: number; result: WrkResult }) => (run.serverMs / run.result.requests) * 1000;

    /** One short run of guide reads, with a report as every `every`-th request (-1: reads only). */
    const mixed = async (every: number, bot: boolean) => {
      await sleep(1500); // the previous run's last batch is written
      const run = await metered(() => wrk(server.url, load({ connections: 16, seconds: RUN_SECONDS, every, bot })));
      const reports = every > 0 ? run.result.rps / every : 0;
      const reads = run.result.rps - reports;
      const busy = run.serverMs / run.wallMs;
      return { reads, reports, busy, capacity: reads / busy };
    };
    /** Reads, mixed, mixed, reads, ROUNDS times: each mixed run is compared with the reads run beside it. */
    const readLoss = async (bot: boolean) => {
      const pairs: { throughput: number; capacity: number; reports: number; busy: [number, number] }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const first = await mixed(-1, bot);
        // A report every n-th request, n from the read rate just measured: 758 reports a second.
        const every = Math.max(2, Math.round(first.reads / STEADY_RATE));
        const second = await mixed(every, bot);
        const third = await mixed(every, bot);
        const fourth = await mixed(-1, bot);
        for (const [alone, withReports] of [
          [first, second],
          [fourth, third],
        ] as const) {
          // Scaled to exactly 758 reports a second (the cost is linear in the reports).
          const scale = STEADY_RATE / withReports.reports;
          pairs.push({
            throughput: (1 - withReports.reads / alone.reads) * scale,
            capacity: (1 - withReports.capacity / alone.capacity) * scale,
            reports: withReports.reports,
            busy: [alone.busy, withReports.busy],
          });
        }
      }
      const meanOf = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return {
        throughput: spread(pairs.map((p) => p.throughput)),
        capacity: spread(pairs.map((p) => p.capacity)),
        reports: Math.round(meanOf(pairs.map((p) => p.reports))),
        busy: [meanOf(pairs.map((p) => p.busy[0])), meanOf(pairs.map((p) => p.busy[1]))] as const,
        pairs: pairs.length,
      };
    };
    const withWrites = await readLoss(false);
    const withBots = await readLoss(true);

    const events = (r: { rps: number }) => Math.round(r.rps * EVENTS_PER_REQUEST).toLocaleString("en-GB");
    console.log(`\n${database}`);
    console.log(`| Measure | Result |\n|---|---|`);
    const share = (got: number, of: number) =>
      `${got.toLocaleString("en-GB")} of ${Math.round(of).toLocaleString("en-GB")}`;
    console.log(
      `| Ingest ceiling (16 conns) | ${events(ceiling)} events/s accepted (${cell(ceiling)}); written: ${share(afterCeiling.visits, ceiling.requests / 5)} visits, ${share(afterCeiling.beacons, (ceiling.requests * 4) / 5)} beacons |`,
    );
    console.log(
      `| Steady ingest alone (${STEADY_RATE} req/s scheduled, 64 conns) | ${events(steady.result)} events/s (${cell(steady.result)}); written: ${share(afterSteady.visits - afterCeiling.visits, steady.result.requests / 5)} visits, ${share(afterSteady.beacons - afterCeiling.beacons, (steady.result.requests * 4) / 5)} beacons |`,
    );
    console.log(
      `| Server CPU per request at ${STEADY_RATE} req/s, the server otherwise idle | report ${Math.round(perRequest(steady))} µs (${percent(steady.serverMs / steady.wallMs)} of the core); the same from a bot ${Math.round(perRequest(bots))} µs; a guide read ${Math.round(perRequest(sameRateReads))} µs |`,
    );
    if (admin)
      console.log(
        `| PostgreSQL backends during the steady ingest | ${percent(steady.databaseMs / steady.wallMs)} of core 1 |`,
      );
    const lossRow = (label: string, loss: Awaited<ReturnType<typeof readLoss>>) => {
      console.log(
        `| Guide reads lost to ${label} (${loss.pairs} pairs of ${RUN_SECONDS} s runs, ~${loss.reports} reports/s, scaled to ${STEADY_RATE}): read capacity per busy second | ${loss.capacity} |`,
      );
      console.log(
        `| … the same pairs, read rate alone (server busy ${percent(loss.busy[0])} with reads only, ${percent(loss.busy[1])} mixed) | ${loss.throughput} |`,
      );
    };
    lossRow(`${TARGET_EVENTS.toLocaleString("en-GB")} events/s`, withWrites);
    lossRow("the same reports from a bot (not written)", withBots);
  } finally {
    await admin?.end();
    await server.stop();
  }
}

await onEachDatabase("doorstep_bench_ingest", measure);
