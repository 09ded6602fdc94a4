// Chaos: the compiled server as deployed (`scripts/start.mjs`) on PostgreSQL reached through a fault proxy (and
// Redis through another when CHAOS_REDIS_URL or REDIS_URL names one), under mixed load — authenticated writes
// and guide reads — for CHAOS_SECONDS (300 by default), with a fault every 20 s (the first at 10 s) in turn: every connection reset;
// a 5 s stall (nothing forwarded, new connections held); a 5 s outage (every connection reset, new ones
// dropped). Then a table: acknowledged writes, lost writes (acknowledged but absent from the database), 500s,
// 503s and crashes (the server process exiting, after which it is started again). Traffic stays on 127.0.0.1.
import pg from "pg";
import { startFaultProxy, type FaultProxy } from "../apps/server/src/test/fault-proxy.ts";
import { postgresUrl, startServer, type RunningServer } from "./lib.ts";
import { signUpHost, type Host } from "./seed.ts";

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 300);
const FAULT_EVERY_MS = 20_000;
const FAULT_MS = 5_000;
const WRITERS = 4;
const READERS = 4;
// A request unanswered this long counts as hung: the server must answer, 503 if it cannot.
const HUNG_MS = 30_000;

const direct = await postgresUrl("doorstep_chaos");
if (!direct) throw new Error("PostgreSQL is not reachable (set BENCH_DATABASE_URL)");
const target = new URL(direct);
const pgProxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
const viaProxy = new URL(direct);
viaProxy.port = String(pgProxy.port);
const redisTarget = process.env.CHAOS_REDIS_URL ?? process.env.REDIS_URL;
const redisProxy = redisTarget
  ? await startFaultProxy({ host: new URL(redisTarget).hostname, port: Number(new URL(redisTarget).port || 6379) })
  : undefined;
const proxies: FaultProxy[] = [pgProxy, ...(redisProxy ? [redisProxy] : [])];

const env: Record<string, string> = {
  DATABASE_URL: viaProxy.toString(),
  // As the other benches: one host writes far faster than the rate limits let a person.
  RATE_LIMITS: "off",
  NODE_ENV: "development",
  ...(redisProxy ? { REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` } : {}),
};

const counts = {
  writes: 0,
  acknowledged: 0,
  reads: 0,
  status500: 0,
  status503: 0,
  other: 0,
  hung: 0,
  noAnswer: 0,
  crashes: 0,
};
const acknowledged = new Set<string>();
let server: RunningServer = await startServer(env);
const host: Host = await signUpHost(server.url, "Chaos");
const guideId = "chaos-guide";
await host.api("POST", "/api/properties", { title: "Chaos Guide", propertyId: guideId });
const published = await host.api("PATCH", `/api/properties/${guideId}`, { published: true });
if (published.status !== 204) throw new Error(`publish: ${published.status} ${await published.text()}`);

let restarting: Promise<void> | undefined;
const watch = (running: RunningServer) =>
  running.process.once("exit", (code, signal) => {
    if (stopping) return;
    counts.crashes++;
    console.log(`server exited (${code ?? signal}); starting it again`);
    restarting = (async () => {
      server = await startServer(env);
      watch(server);
      restarting = undefined;
    })();
  });
let stopping = false;
watch(server);

const tally = (status: number) => {
  if (status === 500) counts.status500++;
  else if (status === 503) counts.status503++;
  else if (status >= 400) counts.other++;
};

/** One request, its status, or 0 when it failed at the socket (a crash) or hung. */
const request = async (run: (url: string) => Promise<Response>): Promise<number> => {
  if (restarting) await restarting;
  try {
    const res = await run(server.url);
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") counts.hung++;
    else counts.noAnswer++;
    return 0;
  }
};

let next = 0;
const deadline = performance.now() + SECONDS * 1000;
const writer = async () => {
  while (performance.now() < deadline) {
    const propertyId = `chaos-${next++}`;
    counts.writes++;
    const status = await request((url) =>
      fetch(`${url}/api/properties`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: host.cookie, origin: url },
        body: JSON.stringify({ title: "Chaos Flat", propertyId }),
        signal: AbortSignal.timeout(HUNG_MS),
      }),
    );
    if (status === 201) {
      counts.acknowledged++;
      acknowledged.add(propertyId);
    } else tally(status);
  }
};
const reader = async () => {
  while (performance.now() < deadline) {
    counts.reads++;
    tally(await request((url) => fetch(`${url}/g/${guideId}`, { signal: AbortSignal.timeout(HUNG_MS) })));
  }
};

const faults = [
  {
    name: "reset",
    run: async () => proxies.forEach((p) => p.reset()),
  },
  {
    name: `stall ${FAULT_MS / 1000} s`,
    run: async () => {
      proxies.forEach((p) => p.stall());
      await new Promise((r) => setTimeout(r, FAULT_MS));
      proxies.forEach((p) => p.resume());
    },
  },
  {
    name: `drop ${FAULT_MS / 1000} s`,
    run: async () => {
      proxies.forEach((p) => (p.reset(), p.drop()));
      await new Promise((r) => setTimeout(r, FAULT_MS));
      proxies.forEach((p) => p.resume());
    },
  },
];
// The first fault comes half a period in, so that a one-minute run meets all three.
const injector = async () => {
  for (let i = 0; ; i++) {
    await new Promise((r) => setTimeout(r, i === 0 ? FAULT_EVERY_MS / 2 : FAULT_EVERY_MS));
    if (performance.now() >= deadline) return;
    const fault = faults[i % faults.length]!;
    console.log(`${new Date().toISOString()} fault: ${fault.name}`);
    await fault.run();
  }
};

console.log(
  `chaos: ${SECONDS} s, ${WRITERS} writers and ${READERS} readers, a fault every ${FAULT_EVERY_MS / 1000} s` +
    (redisProxy ? " (PostgreSQL and Redis)" : " (PostgreSQL; no Redis configured)"),
);
await Promise.all([...Array.from({ length: WRITERS }, writer), ...Array.from({ length: READERS }, reader), injector()]);
stopping = true;
proxies.forEach((p) => p.resume());

const client = new pg.Client({ connectionString: direct });
await client.connect();
const { rows } = await client.query<{ property_id: string }>(
  "select property_id from properties where property_id like 'chaos-%'",
);
await client.end();
const kept = new Set(rows.map((r) => r.property_id));
const lost = [...acknowledged].filter((id) => !kept.has(id));

console.table({
  writes: counts.writes,
  "acknowledged writes": counts.acknowledged,
  "lost writes": lost.length,
  reads: counts.reads,
  "500s": counts.status500,
  "503s": counts.status503,
  "other 4xx": counts.other,
  "hung (>30 s)": counts.hung,
  "no answer (socket error)": counts.noAnswer,
  crashes: counts.crashes,
});
if (lost.length) console.log(`lost: ${lost.slice(0, 20).join(", ")}`);

await server.stop();
await Promise.all(proxies.map((p) => p.close()));
