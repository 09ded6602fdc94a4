// Server throughput as deployed, measured with wrk against nginx on the same machine, on both databases: the
// guest guide (30 items, 10 photos), a stay's own guide (/s/{token}, issue 33) and the dashboard's hot reads
// with 1,000 properties in the account (budgets in docs/architecture.md §9).
//
// As deployed (issue 39): the server runs exactly as `npm start` runs it (scripts/start.mjs: the production
// build, NODE_ENV=production with LOCAL_RUN, its young generation), rate limits on at their default multipliers
// (one address stays under every limit this bench meets), and the database is not vacuumed after seeding —
// PGlite's upkeep is the product's own (decision 048), PostgreSQL's is its autovacuum. After seeding, the runs
// wait for the server to finish the seeding's background work and go idle (`quiesce`), and say how long it took.
//
// The server runs pinned to core 0, nginx (one worker) too, wrk to core 1, so the load tool never competes with
// what it measures; on PostgreSQL the bench database's backends join wrk on core 1 (a deployment's database has
// its own machine). bench/server-probe.mjs in the server reports the event loop's delay (p99) during each run
// and the statements each request sent. Prints one table, the machine's own stalls at rest before and after
// (bench/hiccup.ts) and its load average, and writes the same as bench/results/{date}-{commit}.md so a
// regression shows as a diff. BENCH_SECONDS sets each run's length; BENCH_RESULTS=0 writes no file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  cpuSplitOf,
  databaseBackends,
  pinTree,
  postgresUrl,
  processTree,
  quiesce,
  ROOT,
  startServer,
  type RunningServer,
} from "./lib.ts";
import { describeHiccups, measureHiccups } from "./hiccup.ts";
import { serveStatic } from "./nginx.ts";
import { recordResponse, serveBareNode } from "./node-http.ts";
import { createGuide, createProperties, signUpHost, type Host } from "./seed.ts";
import { probeEnv, readProbe, serverPid, type ProbeReport } from "./work.ts";
import { cell, wrk, type WrkResult } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1000);
const SERVER_CPU = 0;
const LOAD_CPU = 1;
/** The server as `npm start` runs it on a machine without PUBLIC_URL; rate limits at their defaults. */
const AS_DEPLOYED = { NODE_ENV: "production", LOCAL_RUN: "true" };

interface Row {
  read: string;
  results: Record<string, string>;
}
const rows: Row[] = [];
/** What the probe counted: statements per request, the event loop's delay. Printed below the rates. */
const workRows: Row[] = [];
const notes: string[] = [];

function record(read: string, database: string, value: string, into = rows) {
  let row = into.find((r) => r.read === read);
  if (!row) into.push((row = { read, results: {} }));
  row.results[database] = value;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An ongoing stay on the guide with a restricted door-code item; its /s/ address. */
async function ongoingStay(baseUrl: string, host: Host, guideId: string): Promise<string> {
  const item = await host.api("POST", `/api/properties/${guideId}/content/items`, {
    categoryLabel: "arrival",
    title: "Door code",
    detailText: "<p>Hello {{stay.guestFirstName}}, the code is {{stay.doorCode}}.</p>",
  });
  if (item.status !== 201) throw new Error(`door code item: ${item.status} ${await item.text()}`);
  const created = await host.api("POST", "/api/stays", {
    propertyId: guideId,
    guestFirstName: "Ana",
    checkInDate: day(-1),
    checkOutDate: day(2),
    doorCode: "7391",
  });
  if (created.status !== 201) throw new Error(`stay: ${created.status} ${await created.text()}`);
  const stayId = ((await created.json()) as { stay: { id: string } }).stay.id;
  const link = (await (await host.api("GET", `/api/stays/${stayId}/link`)).json()) as { url: string };
  return `${baseUrl}${new URL(link.url).pathname}`;
}

/** The statement that held the server longest in one run, when one took over 5 ms: what a p99 may have met. */
function slowestStatement(report: ProbeReport): string {
  const [text, entry] = Object.entries(report.statements).sort(([, a], [, b]) => b.maxMs - a.maxMs)[0] ?? [];
  if (!text || !entry || entry.maxMs <= 5) return "";
  return `; slowest statement ${entry.maxMs.toFixed(1)} ms (${entry.n}×): \`${text.slice(0, 60).replace(/`/g, "'")}…\``;
}

const statementsPerRequest = (report: ProbeReport, requests: number) =>
  Object.values(report.statements).reduce((sum, s) => sum + s.n, 0) / Math.max(1, requests);

async function measure(database: string, env: Record<string, string>) {
  let server: RunningServer | null = null;
  let admin: pg.Client | null = null;
  const probeFile = path.join(os.tmpdir(), `doorstep-throughput-probe-${process.pid}.json`);
  try {
    server = await startServer({ ...AS_DEPLOYED, ...probeEnv(probeFile), ...env });
    const pid = serverPid(server.process.pid!);
    const host = await signUpHost(server.url, "Manager");
    const started = performance.now();
    await createProperties(host, PROPERTIES);
    const guideId = await createGuide(server.url, host);
    const stayUrl = await ongoingStay(server.url, host, guideId);
    console.log(
      `${database}: ${PROPERTIES} properties, a 30-item guide and a stay in ${Math.round(performance.now() - started)} ms`,
    );
    pinTree(server.process.pid!, SERVER_CPU);
    // The seeding's own background work (10 photos' variants, the embedded database's upkeep after 1,000
    // inserts) finishes first: the runs measure a server serving, not one still digesting its import.
    const settled = await quiesce(processTree(server.process.pid!));
    notes.push(
      `${database}: after seeding, the server ${settled.idle ? "went idle (under 5 % of a core for 2 s)" : "was still busy"} after ${(settled.waitedMs / 1000).toFixed(1)} s; the runs began then.`,
    );

    // This database's backends share the load tool's core, so the server has its core to itself, as with a
    // database on its own machine; the rest of PostgreSQL is left where it is. Pinned again after each
    // warm-up, which opens the pool's connections.
    admin = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
    await admin?.connect();
    const pinDatabase = async () => {
      if (admin) for (const pid of await databaseBackends(admin)) pinTree(pid, LOAD_CPU);
    };
    // Each run also reads the CPU time the serving processes used per request, in their own code and in the
    // kernel (/proc): a figure that does not depend on whether wrk kept up.
    const run = async (
      name: string,
      url: string,
      connections = 16,
      headers: Record<string, string> = {},
      servingPids: number[] = processTree(server!.process.pid!),
    ): Promise<WrkResult> => {
      wrk(url, { connections, seconds: 2, headers, cpu: LOAD_CPU }); // warm-up
      await pinDatabase();
      const own = url.startsWith(server!.url);
      if (own) await readProbe(pid, probeFile);
      const cpuBefore = cpuSplitOf(servingPids);
      const result = wrk(url, { connections, seconds: SECONDS, headers, cpu: LOAD_CPU });
      const cpuAfter = cpuSplitOf(servingPids);
      const perRequest = (ms: number) => ((ms / Math.max(1, result.requests)) * 1000).toFixed(1);
      const cpu = `CPU ${perRequest(cpuAfter.user - cpuBefore.user)} µs user + ${perRequest(cpuAfter.system - cpuBefore.system)} µs kernel per request`;
      if (result.errors) notes.push(`${database}, ${name}: ${result.errors} errors`);
      if (own) {
        const report = await readProbe(pid, probeFile);
        record(
          `${name}`,
          database,
          `${statementsPerRequest(report, result.requests).toFixed(2)} statements/request, event-loop delay p99 ${report.eventLoopDelay.p99} ms, ${cpu}${slowestStatement(report)}`,
          workRows,
        );
      } else record(name, database, cpu, workRows);
      return result;
    };

    const guideUrl = `${server.url}/g/${guideId}`;
    const guideHtml = await (await fetch(guideUrl)).text();
    const stayHtml = await (await fetch(stayUrl)).text();
    if (!stayHtml.includes("the code is 7391")) throw new Error("the stay page does not show the door code");
    const guide = await run("guide", guideUrl);
    const stay = await run("stay page", stayUrl);
    const ceiling = async (name: string, html: string | Buffer, contentEncoding?: string) => {
      const nginx = await serveStatic(html, { workers: 1, cpu: SERVER_CPU, contentEncoding });
      try {
        return await run(name, nginx.url, 16, {}, processTree(nginx.pid));
      } finally {
        nginx.stop();
      }
    };
    const nginxGuide = await ceiling("nginx, the guide's HTML", guideHtml);
    const nginxStay = await ceiling("nginx, the stay page's HTML", stayHtml);
    // Node's own http module serving the guide's bytes and headers: what is left once our code costs nothing.
    const bare = await serveBareNode(await recordResponse(guideUrl), { cpu: SERVER_CPU });
    const bareGuide = await run("bare Node http, the guide's bytes", bare.url, 16, {}, [bare.pid]).finally(() =>
      bare.stop(),
    );
    // As a guest's browser asks: compressed (Chrome's Accept-Encoding), against nginx serving the same bytes.
    const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    const compressed = await recordResponse(guideUrl, browser);
    const encoding = compressed.headers[compressed.headers.findIndex((h) => /^content-encoding$/i.test(h)) + 1] ?? "";
    const guideCompressed = await run("guide, as a browser asks", guideUrl, 16, browser);
    const nginxCompressed = await ceiling("nginx, the same compressed bytes", compressed.body, encoding);
    const ratio = (a: WrkResult, b: WrkResult) => `**${Math.round((a.rps / b.rps) * 100)} %**`;
    record("Guide `/g/:id` at 16 conns", database, cell(guide));
    record("nginx, the guide's HTML (1 worker)", database, cell(nginxGuide));
    record("**Guide ÷ nginx**", database, ratio(guide, nginxGuide));
    record("bare Node http, the guide's bytes and headers", database, cell(bareGuide));
    record(
      "Guide ÷ bare Node; bare Node ÷ nginx",
      database,
      `${ratio(guide, bareGuide)}; ${ratio(bareGuide, nginxGuide)}`,
    );
    record(
      "Guide as a browser asks (compressed)",
      database,
      `${cell(guideCompressed)} (${encoding}, ${compressed.body.length.toLocaleString("en-GB")} bytes)`,
    );
    record("nginx, the same compressed bytes", database, cell(nginxCompressed));
    record("**Guide (compressed) ÷ nginx**", database, ratio(guideCompressed, nginxCompressed));
    record(
      `Stay page \`/s/{token}\` at 16 conns (${guideHtml.length.toLocaleString("en-GB")} / ${stayHtml.length.toLocaleString("en-GB")} bytes guide / stay)`,
      database,
      cell(stay),
    );
    record("nginx, the stay page's HTML (1 worker)", database, cell(nginxStay));
    record("**Stay page ÷ nginx**", database, ratio(stay, nginxStay));

    const auth = { cookie: host.cookie };
    for (const [read, route] of [
      ["`GET /api/me`", "/api/me"],
      ["`GET /api/properties` (first page)", "/api/properties"],
      ["`GET /api/properties/:id`", `/api/properties/bench-flat-${PROPERTIES - 1}`],
    ] as const) {
      record(`${read} at 16 conns`, database, cell(await run(read, `${server.url}${route}`, 16, auth)));
      const one = await run(`${read} (1 conn)`, `${server.url}${route}`, 1, auth);
      record(`${read} at 1 conn`, database, `p50 ${one.p50.toFixed(1)} ms, p99 ${one.p99.toFixed(1)} ms`);
    }
  } finally {
    await admin?.end();
    await server?.stop();
    fs.rmSync(probeFile, { force: true });
  }
}

const loadBefore = os.loadavg();
// What the machine itself stalls, before and after the runs (bench/hiccup.ts): a p99 cannot be shorter.
const restBefore = await measureHiccups(5);
const databases: string[] = [];
if ((process.env.BENCH_DATABASES ?? "pglite,postgres").includes("pglite")) {
  await measure("PGlite", {});
  databases.push("PGlite");
}
if ((process.env.BENCH_DATABASES ?? "pglite,postgres").includes("postgres")) {
  const url = await postgresUrl("doorstep_bench_throughput");
  if (url) {
    await measure("PostgreSQL", { DATABASE_URL: url });
    databases.push("PostgreSQL");
  } else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
}
const restAfter = await measureHiccups(5);
const loadAfter = os.loadavg();

const commit = (() => {
  try {
    const id = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim();
    return dirty ? `${id} (with uncommitted changes)` : id;
  } catch {
    return "unknown";
  }
})();
const date = new Date();
const lines = [
  `# bench/throughput.ts — ${date.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  "",
  `- Commit: ${commit}`,
  `- As deployed: \`npm start\`'s server (production build, NODE_ENV=production, LOCAL_RUN), rate limits on at their default multipliers (none raised: one address stays under every limit met here), no vacuum after seeding; ${PROPERTIES} properties.`,
  `- wrk, 1 thread; server and nginx on core ${SERVER_CPU}, wrk on core ${LOAD_CPU}; ${SECONDS} s per run.`,
  `- The machine at rest before the runs: ${describeHiccups(restBefore)}`,
  `- The machine at rest after the runs: ${describeHiccups(restAfter)}`,
  `- Load average (1, 5, 15 min) before: ${loadBefore.map((l) => l.toFixed(2)).join(", ")}; after: ${loadAfter.map((l) => l.toFixed(2)).join(", ")} (2 cores; above ~1 the figures include other work on this machine).`,
  ...notes.map((n) => `- ${n}`),
  "",
  `| Read | ${databases.join(" | ")} |`,
  `|---|${databases.map(() => "---").join("|")}|`,
  ...rows.map((row) => `| ${row.read} | ${databases.map((d) => row.results[d] ?? "—").join(" | ")} |`),
  "",
  "What the server did during each run (bench/server-probe.mjs in the server):",
  "",
  `| Run | ${databases.join(" | ")} |`,
  `|---|${databases.map(() => "---").join("|")}|`,
  ...workRows.map((row) => `| ${row.read} | ${databases.map((d) => row.results[d] ?? "—").join(" | ")} |`),
  "",
];
console.log(`\n${lines.join("\n")}`);
if (process.env.BENCH_RESULTS !== "0") {
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${date.toISOString().slice(0, 16).replace(/[:T]/g, "-")}-${commit.split(" ")[0]}.md`);
  fs.writeFileSync(file, lines.join("\n"));
  console.log(`Written to ${path.relative(ROOT, file)}`);
}
