// Analytics ingest budget (docs/architecture.md §9): visit and section reports at ≥ 5,000 events/s on one
// instance, without slowing guide reads by more than 10 %. On both databases: the guide's read rate alone;
// the ingest's ceiling (wrk with bench/ingest.lua: four section beacons of eight events per visit report,
// each a new session); then the guide read again while a steady 5,000 events/s arrive. Server on core 0, both
// wrk runs on core 1. Checks the events were written by reading the host's section report afterwards.
import path from "node:path";
import { pinTree, postgresUrl, startServer } from "./lib.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { cell, wrk, wrkInBackground } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCRIPT = path.join(import.meta.dirname, "ingest.lua");
// Per 5 requests: 4 beacons × 8 events + 1 visit = 33 events.
const EVENTS_PER_REQUEST = 33 / 5;
const TARGET_EVENTS = 5000;

async function measure(database: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const host = await signUpHost(server.url, "Ingest");
    const guideId = await createGuide(server.url, host);
    pinTree(server.process.pid!, 0);
    const guideUrl = `${server.url}/g/${guideId}`;
    const reads = () => wrk(guideUrl, { connections: 16, seconds: SECONDS, cpu: 1 });
    wrk(guideUrl, { connections: 16, seconds: 2, cpu: 1 }); // warm-up
    const alone = reads();

    const ingest = (connections: number, delayMs: number, seconds = SECONDS) => ({
      connections,
      seconds,
      cpu: 1,
      script: SCRIPT,
      env: { PROPERTY: guideId, DELAY_MS: String(delayMs) },
    });
    const ceiling = wrk(server.url, ingest(16, 0));

    // A steady 5,000 events/s: 758 requests/s from 8 connections each waiting ~10 ms between requests.
    const connections = 8;
    const delayMs = Math.max(0, Math.round((connections * 1000) / (TARGET_EVENTS / EVENTS_PER_REQUEST)) - 1);
    const background = wrkInBackground(server.url, ingest(connections, delayMs, SECONDS + 2));
    await new Promise((r) => setTimeout(r, 1000));
    const withIngest = reads();
    const steady = await background.wait();
    await new Promise((r) => setTimeout(r, 1500)); // the last batch is written within a second

    const today = new Date().toISOString().slice(0, 10);
    const report = (await (
      await fetch(`${server.url}/api/analytics/sections?from=${today}&to=${today}&propertyId=${guideId}`, {
        headers: { cookie: host.cookie },
      })
    ).json()) as { sessions: number; languages: { sessions: number }[] };
    const events = (r: { rps: number }) => Math.round(r.rps * EVENTS_PER_REQUEST).toLocaleString("en-GB");
    console.log(`\n${database}`);
    console.log(`| Measure | Result |\n|---|---|`);
    console.log(`| Guide reads alone (16 conns) | ${cell(alone)} |`);
    console.log(`| Ingest ceiling (16 conns) | ${events(ceiling)} events/s (${cell(ceiling)}) |`);
    console.log(`| Steady ingest (8 conns) | ${events(steady)} events/s (${cell(steady)}) |`);
    console.log(`| Guide reads during steady ingest | ${cell(withIngest)} |`);
    console.log(`| Guide read rate lost to ingest | ${Math.round((1 - withIngest.rps / alone.rps) * 100)} % |`);
    console.log(
      `| Written (section report, today) | ${report.sessions.toLocaleString("en-GB")} visit sessions, ${(report.languages[0]?.sessions ?? 0).toLocaleString("en-GB")} beacon sessions |`,
    );
  } finally {
    await server.stop();
  }
}

await measure("PGlite", {});
const url = await postgresUrl("doorstep_bench_ingest");
if (url) await measure("PostgreSQL", { DATABASE_URL: url });
else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
