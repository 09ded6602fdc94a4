// What guest reports take of the server's core while it is busy with guide reads, measured inside one run
// (decision 032's pairs compare runs seconds apart, and this machine's speed drifts more than the budget).
// The compiled server runs under `node --cpu-prof` on core 0; one wrk (bench/ingest.lua with EVERY) sends
// guide reads with a report as every n-th request, n chosen for 758 reports a second (5,000 events/s, four
// beacons of eight events per visit). Each profile sample of the measured seconds is put in one of four
// groups by its stack:
// - reads: the guide's page fast path (guidePageFastPath, cachedPage);
// - reports: the report fast path and its handlers (reportFastPath, answer, recordVisit, recordEngagement,
//   findLiveProperty);
// - writes: the write buffer's statements as they are built and sent (drain, insert…Batch);
// - shared: the rest of the busy time (Node's HTTP parser and sockets, timers, GC, and the database client's
//   callbacks, whose stacks do not say whose query answered: the guide page's refresh each second, or a
//   batch of reports; on PGlite the statements themselves run there). A read's share is taken from runs of reads alone just before and just after; the
//   reports get what the mixed run's reads do not account for.
// It prints the CPU per read and per report, and the share of the core 758 reports a second take: the read
// capacity they cost a server whose core is its own, PostgreSQL's backends being on another (core 1 here).
// Usage: `npx tsx bench/ingest-share.ts` (BENCH_SECONDS per run, default 8; BENCH_ROUNDS runs, default 3;
// BENCH_DATABASES=pglite,postgres; BENCH_BOT=1 for a crawler's reports; BENCH_DATABASE_URL for PostgreSQL;
// BENCH_PROFILE_OUT=/tmp/p keeps the profiles). See decision 033.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuMsOf, onEachDatabase, pinTree, settle, startProfiled, startServer, usedBetween } from "./lib.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { wrk } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** BENCH_BOT=1: the same reports from a crawler (parsed, validated and answered, not recorded). */
const BOT = process.env.BENCH_BOT === "1";
const SCRIPT = path.join(import.meta.dirname, "ingest.lua");
// As bench/ingest.ts: per 5 requests, 4 beacons × 8 events + 1 visit = 33 events; 5,000 events/s.
const STEADY_RATE = Math.round(5000 / (33 / 5));
/** Trimmed from each end of a run, so connecting and the last requests do not count. */
const TRIM_S = 0.5;

const READS = new Set(["guidePageFastPath", "cachedPage"]);
const REPORTS = new Set(["reportFastPath", "answer", "recordVisit", "recordEngagement", "findLiveProperty"]);
const WRITES = new Set(["drain", "insertVisitBatch", "insertEngagementBatch"]);
/** The names above are looked for in the compiled server only (pg and Node have functions called drain too). */
const OURS = "/apps/server/dist/";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
type Group = "reads" | "reports" | "writes" | "shared" | "idle";

/** Microseconds of CPU per group between two moments of the monotonic clock (µs). */
function attribute(profile: Profile, from: number, to: number): Record<Group, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const groupOf = new Map<number, Group>();
  const classify = (id: number): Group => {
    const known = groupOf.get(id);
    if (known) return known;
    const top = byId.get(id)!.callFrame.functionName;
    let group: Group = top === "(idle)" ? "idle" : "shared";
    for (let at: number | undefined = id; at !== undefined && group !== "idle"; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (!url.includes(OURS)) continue;
      if (WRITES.has(functionName)) group = "writes";
      else if (group === "shared" && REPORTS.has(functionName)) group = "reports";
      else if (group === "shared" && READS.has(functionName)) group = "reads";
    }
    groupOf.set(id, group);
    return group;
  };
  const totals: Record<Group, number> = { reads: 0, reports: 0, writes: 0, shared: 0, idle: 0 };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t >= from && t <= to) totals[classify(profile.samples[i]!)] += profile.timeDeltas[i]!;
  }
  return totals;
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function measure(database: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-share-"));
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-share-prof-"));
  const serverEnv = { RATE_LIMITS: "off", NODE_ENV: "development", DATA_DIR: dataDir, ...env };
  const seeder = await startServer(serverEnv);
  const guideId = await createGuide(seeder.url, await signUpHost(seeder.url, "Share"));
  await seeder.stop();
  if (env.DATABASE_URL) await settle(env.DATABASE_URL);

  const rows: string[] = [];
  const takes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    fs.rmSync(profDir, { recursive: true, force: true });
    fs.mkdirSync(profDir);
    const server = await startProfiled(serverEnv, profDir);
    pinTree(server.process.pid!, 0);
    const load = (seconds: number, every: number) => ({
      connections: 16,
      seconds,
      cpu: 1,
      script: SCRIPT,
      env: { PROPERTY: guideId, RATE: "0", EVERY: String(every), BOT: BOT ? "1" : "0" },
    });
    const pid = [server.process.pid!];
    /** One wrk run, with the monotonic times around it and the CPU the whole server process used. */
    const timed = (seconds: number, every: number) => {
      const cpuBefore = cpuMsOf(pid);
      const started = monotonicUs();
      const result = wrk(server.url, load(seconds, every));
      return { result, started, ended: monotonicUs(), processMs: usedBetween(cpuBefore, cpuMsOf(pid)) };
    };
    wrk(server.url, load(2, -1)); // warm-up
    // Reads alone before and after the mixed run: the read rate that sets n, and a read's share of the work
    // outside the handlers, taken on both sides because the machine's speed drifts.
    const before = timed(3, -1);
    const every = Math.max(2, Math.round(before.result.rps / STEADY_RATE));
    wrk(server.url, load(2, every)); // the report path warmed up too
    const mixed = timed(SECONDS, every);
    const after = timed(3, -1);
    await server.stop();

    const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"))!;
    // BENCH_PROFILE_OUT: keep each run's profile (Chrome DevTools, Performance tab).
    if (process.env.BENCH_PROFILE_OUT)
      fs.copyFileSync(path.join(profDir, file), `${process.env.BENCH_PROFILE_OUT}.${database}.${round + 1}.cpuprofile`);
    const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as Profile;
    const trimmed = (run: typeof mixed) => {
      const us = attribute(profile, run.started + TRIM_S * 1e6, run.ended - TRIM_S * 1e6);
      const seconds = (run.ended - run.started) / 1e6 - 2 * TRIM_S;
      return { us, requests: run.result.rps * seconds };
    };
    const busyUs = (t: Record<Group, number>) => t.reads + t.reports + t.writes + t.shared;
    // Other threads (V8's GC helpers, the profiler's sampler) use the core too; the profile does not show
    // them. Their share with reads alone and with reports mixed in tells whether reports add to it.
    const otherThreads = (run: typeof mixed) =>
      Math.round((run.processMs / (busyUs(attribute(profile, run.started, run.ended)) / 1000) - 1) * 100);

    const { us, requests } = trimmed(mixed);
    const reports = requests / every;
    const guideReads = requests - reports;
    // Node's HTTP work outside the handlers: a read's from the reads-alone runs, a report's what is left over.
    const sharedPerRead = [before, after]
      .map(trimmed)
      .reduce((sum, run, _, all) => sum + run.us.shared / run.requests / all.length, 0);
    const sharedPerReport = (us.shared - sharedPerRead * guideReads) / reports;
    const perRead = us.reads / guideReads + sharedPerRead;
    const perReport = (us.reports + us.writes) / reports + sharedPerReport;
    const take = (STEADY_RATE * perReport) / 1e6;
    takes.push(take);
    const rps = mixed.result.rps;
    rows.push(
      `| ${round + 1} | ${Math.round(rps).toLocaleString("en-GB")} (${Math.round(rps / every)} reports) | ${Math.round((busyUs(us) / (busyUs(us) + us.idle)) * 100)} % | ${perRead.toFixed(1)} µs | ${perReport.toFixed(1)} µs (handler ${(us.reports / reports).toFixed(1)}, write ${(us.writes / reports).toFixed(1)}, shared ${sharedPerReport.toFixed(1)}, a read's ${sharedPerRead.toFixed(1)}) | ${(take * 100).toFixed(1)} % | ${otherThreads(before)} % / ${otherThreads(mixed)} % |`,
    );
  }
  const whose = BOT ? "a crawler's report (not recorded)" : "a report";
  console.log(`\n${database}: guide reads with ${whose} every n-th request (${SECONDS} s runs)`);
  console.log(
    "| Run | Requests/s | Server busy | CPU per read | CPU per report | 758 reports/s take of the core | Other threads, beside the main thread's busy time: reads alone / mixed |\n|---|---|---|---|---|---|---|",
  );
  for (const row of rows) console.log(row);
  const sorted = [...takes].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  console.log(`Median: ${STEADY_RATE} reports a second take ${(median * 100).toFixed(1)} % of the server's core.`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profDir, { recursive: true, force: true });
}

await onEachDatabase("doorstep_bench_share", measure);
