// What a read costs the server in work rather than in wall-clock rate: SQL statements per request and per
// idle second (bench/server-probe.mjs, loaded into the server), the event loop's delay, and the server's CPU
// time per request from /proc. A loaded machine stretches a run but leaves statement counts alone, so this
// tells a code change from the machine's mood (bisecting issue 39's drop). By hand:
// `npx tsx bench/work.ts` (BENCH_DATABASES, BENCH_PROPERTIES, BENCH_REQUESTS, BENCH_ENV as JSON).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onEachDatabase, processTree, startServer } from "./lib.ts";
import { createGuide, createProperties, signUpHost } from "./seed.ts";

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU ms the processes have used so far (user + system, every thread). */
function cpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      /* gone */
    }
  }
  return total;
}

export interface ProbeReport {
  seconds: number;
  eventLoopDelay: { p50: number; p99: number; max: number; mean: number };
  statements: Record<string, { n: number; ms: number; maxMs: number }>;
}

/** Asks the probe in the server for its window and starts a new one. */
export async function readProbe(pid: number, file: string, waitMs = 5000): Promise<ProbeReport> {
  fs.rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < waitMs / 50 && !fs.existsSync(file); i++) await sleep(50);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ProbeReport;
}

export const probeEnv = (file: string) => ({
  BENCH_PROBE_FILE: file,
  NODE_OPTIONS: `--import=${path.join(import.meta.dirname, "server-probe.mjs")}`,
});

/** The node process running the compiled server, under start.mjs and its supervisor. */
export const serverPid = (rootPid: number) =>
  processTree(rootPid).find((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("dist/main.js");
    } catch {
      return false;
    }
  })!;

const statementsOf = (report: ProbeReport) => Object.values(report.statements).reduce((s, e) => s + e.n, 0);
const dbMsOf = (report: ProbeReport) => Object.values(report.statements).reduce((s, e) => s + e.ms, 0);

if (import.meta.url === `file://${process.argv[1]}`) {
  await onEachDatabase("doorstep_bench_work", async (database, env) => {
    const file = path.join(os.tmpdir(), `doorstep-probe-${process.pid}.json`);
    const extra = process.env.BENCH_ENV ? (JSON.parse(process.env.BENCH_ENV) as Record<string, string>) : {};
    const server = await startServer({ ...env, ...probeEnv(file), ...extra });
    try {
      const host = await signUpHost(server.url, "Manager");
      await createProperties(host, PROPERTIES);
      const guideId = await createGuide(server.url, host);
      const pid = serverPid(server.process.pid!);
      await sleep(6000); // the job queue's first offers
      await readProbe(pid, file);
      const cpu0 = cpuMs([pid]);
      await sleep(5000);
      const idle = await readProbe(pid, file);
      const idleCpu = (cpuMs([pid]) - cpu0) / idle.seconds;
      console.log(
        `${database} idle: ${(statementsOf(idle) / idle.seconds).toFixed(1)} statements/s holding the thread ` +
          `${(dbMsOf(idle) / idle.seconds).toFixed(1)} ms/s, CPU ${idleCpu.toFixed(1)} ms/s; event-loop delay p99 ${idle.eventLoopDelay.p99} ms`,
      );
      for (const [k, v] of Object.entries(idle.statements).slice(0, 6)) console.log(`   ${v.n} × ${k}`);
      for (const [name, url, headers] of [
        ["guide", `/g/${guideId}`, {}],
        ["/api/me", "/api/me", { cookie: host.cookie }],
        ["/api/properties", "/api/properties", { cookie: host.cookie }],
        ["/api/properties/:id", `/api/properties/bench-flat-${PROPERTIES - 1}`, { cookie: host.cookie }],
      ] as const) {
        for (let i = 0; i < 50; i++) await (await fetch(`${server.url}${url}`, { headers })).arrayBuffer();
        await readProbe(pid, file);
        const cpu = cpuMs([pid]);
        for (let i = 0; i < REQUESTS; i++) await (await fetch(`${server.url}${url}`, { headers })).arrayBuffer();
        const report = await readProbe(pid, file);
        const used = cpuMs([pid]) - cpu - idleCpu * report.seconds;
        const background = (statementsOf(idle) / idle.seconds) * report.seconds;
        console.log(
          `${database} ${name}: ${((statementsOf(report) - background) / REQUESTS).toFixed(2)} statements/request ` +
            `(${statementsOf(report)} in ${report.seconds.toFixed(1)} s), CPU ${((used / REQUESTS) * 1000).toFixed(0)} µs/request`,
        );
        for (const [k, v] of Object.entries(report.statements).slice(0, 4))
          console.log(`   ${v.n} × ${k} (${(v.ms / Math.max(1, v.n)).toFixed(2)} ms each)`);
      }
    } finally {
      await server.stop();
    }
  });
}
