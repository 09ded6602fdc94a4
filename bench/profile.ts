// Where a hot read's time goes: seeds an account (1,000 properties and the 30-item guide) with one server,
// then starts the compiled server again on the same data under `node --cpu-prof`, loads one route with wrk
// (BENCH_SECONDS, 16 connections) and prints the profile's top functions by self time and by package. On
// PostgreSQL it also counts the statements one request runs (pg_stat_database's commits, autocommit).
// Usage: `npx tsx bench/profile.ts guide me properties property ingest` (BENCH_DATABASE_URL for PostgreSQL;
// BENCH_PROFILE_OUT=/tmp/p keeps each profile as /tmp/p.<target>.cpuprofile).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pinTree, postgresUrl, settle, startProfiled, startServer } from "./lib.ts";
import { createGuide, createProperties, signUpHost } from "./seed.ts";
import { cell, wrk } from "./wrk.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const targets = process.argv.slice(2).length ? process.argv.slice(2) : ["guide"];
const onPostgres = process.env.BENCH_DATABASE_URL !== undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-profile-"));
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-cpuprof-"));
const dbUrl = onPostgres ? await postgresUrl("doorstep_bench_profile") : null;
// As deployed (issue 39): npm start's production build with rate limits at their defaults, except for the
// ingest target, whose full-rate reports from one address are what a limit exists to stop.
const env = {
  ...(targets.includes("ingest") ? { RATE_LIMITS: "off" } : {}),
  NODE_ENV: "production",
  LOCAL_RUN: "true",
  DATA_DIR: dataDir,
  ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
};

const seeder = await startServer(env);
const host = await signUpHost(seeder.url);
// The ingest target (guest reports, bench/ingest.lua at full rate) needs only the guide.
if (targets.some((t) => t !== "ingest")) await createProperties(host, 1000);
const guideId = await createGuide(seeder.url, host);
await seeder.stop();
if (dbUrl) await settle(dbUrl);

for (const target of targets) {
  fs.rmSync(profDir, { recursive: true, force: true });
  fs.mkdirSync(profDir);
  const server = await startProfiled(env, profDir);
  pinTree(server.process.pid!, 0);
  const paths: Record<string, string> = {
    guide: `/g/${guideId}`,
    me: "/api/me",
    properties: "/api/properties",
    property: "/api/properties/bench-flat-999",
    ingest: "",
  };
  const url = `${server.url}${paths[target]}`;
  // Guests send no cookie (a cookie write would need an origin, decision 011).
  const headers: Record<string, string> = target === "guide" || target === "ingest" ? {} : { cookie: host.cookie };

  const script =
    target === "ingest"
      ? {
          script: path.join(import.meta.dirname, "ingest.lua"),
          // BENCH_RATE: requests/s on one schedule (758 is bench/ingest.ts's steady 5,000 events/s), else full rate.
          env: { PROPERTY: guideId, RATE: process.env.BENCH_RATE ?? "0" },
          ...(process.env.BENCH_RATE ? { connections: 64 } : {}),
        }
      : {};
  if (dbUrl && target !== "ingest") {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const commits = async () => {
      await new Promise((r) => setTimeout(r, 1200)); // statistics are flushed about once a second
      const r = await client.query(
        "select xact_commit::int as n from pg_stat_database where datname = current_database()",
      );
      return (r.rows[0] as { n: number }).n;
    };
    await fetch(url, { headers }); // warm (a cache miss, a touch)
    const before = await commits();
    for (let i = 0; i < 100; i++) await (await fetch(url, { headers })).arrayBuffer();
    const after = await commits();
    console.log(`statements per request on PostgreSQL: ${((after - before - 1) / 100).toFixed(2)}`);
    await client.end();
  }

  wrk(url, { connections: 16, seconds: 2, headers, cpu: 1, ...script });
  console.log(`${target}: ${cell(wrk(url, { connections: 16, seconds: SECONDS, headers, cpu: 1, ...script }))}`);
  await server.stop();

  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }
  const file = fs
    .readdirSync(profDir)
    .map((f) => path.join(profDir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  // BENCH_PROFILE_OUT: keep the profile (open it in Chrome's DevTools, Performance tab).
  if (process.env.BENCH_PROFILE_OUT) fs.copyFileSync(file, `${process.env.BENCH_PROFILE_OUT}.${target}.cpuprofile`);
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const id of profile.samples) {
    const { functionName, url: u, lineNumber } = byId.get(id)!.callFrame;
    const key = `${functionName || "(anonymous)"} ${u.split("/").slice(-2).join("/")}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const pkg = u.includes("node_modules/")
      ? u.split("node_modules/").pop()!.split("/").slice(0, 2).join("/")
      : u
        ? u.startsWith("node:")
          ? "node:*"
          : "dist (our code)"
        : functionName;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
      .join("\n");
  console.log(`\nself time by function (${total} samples):\n${top(self, 25)}\n\nby package:\n${top(byPackage, 12)}`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(profDir, { recursive: true, force: true });
