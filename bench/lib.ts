import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  startedInMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the production server (`scripts/start.mjs`) on a fresh data dir and waits for a served page. With
 * `onLine`, the server's standard output (its log, one JSON object a line) goes there instead of the terminal.
 */
/**
 * A port nothing listens on now, chosen by the system: a random one from a fixed range met MariaDB's 3306 on a
 * machine that runs it, and the server refused to start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(
  env: Record<string, string> = {},
  { onLine }: { onLine?: (line: string) => void } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", onLine ? "pipe" : "inherit", "inherit"],
  });
  if (onLine) readline.createInterface({ input: child.stdout! }).on("line", onLine);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      const res = await fetch(`${url}/login`, { headers: { accept: "text/html" } });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedInMs = performance.now() - started;
  return {
    url,
    process: child,
    startedInMs,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The compiled server (built by an earlier `npm start`, e.g. a seeding startServer) straight under
 * `node --cpu-prof`, writing its profile into `profDir` when it stops. The young generation is start.mjs's
 * (decision 029), so the profile is of the server as it runs.
 */
export async function startProfiled(env: Record<string, string>, profDir: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--max-semi-space-size=64",
      "--cpu-prof",
      `--cpu-prof-dir=${profDir}`,
      path.join(ROOT, "apps/server/dist/main.js"),
    ],
    {
      cwd: ROOT,
      env: { NODE_ENV: "production", LOCAL_RUN: "true", ...process.env, PORT: String(port), LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    const ok = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, process: child, stop };
}

/** Pins a process and all its descendants (start.mjs → node server) to one core. */
export function pinTree(pid: number, cpu: number) {
  const children = (() => {
    try {
      return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean);
    } catch {
      return [];
    }
  })();
  try {
    execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
  } catch {
    /* no taskset: unpinned */
  }
  for (const child of children) pinTree(Number(child), cpu);
}

/**
 * Runs `measure` on PGlite and on a fresh PostgreSQL database named `name` (skipped when none answers), or on
 * the one BENCH_DATABASES names (`pglite` or `postgres`): a before-and-after comparison takes half as long.
 */
export async function onEachDatabase(
  name: string,
  measure: (database: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
  if (databases.includes("pglite")) await measure("PGlite", {});
  if (!databases.includes("postgres")) return;
  const url = await postgresUrl(name);
  if (url) await measure("PostgreSQL", { DATABASE_URL: url });
  else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
}

/** A fresh scratch database on the benchmark's PostgreSQL, or null when none answers. */
export async function postgresUrl(name: string): Promise<string | null> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * What autovacuum does within a minute of the seeding: the account's row, updated once per property made
 * (its kept count, decision 027), and the new tables' statistics. Without it the reads walk a thousand dead
 * row versions that no running database keeps.
 */
export async function settle(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}

/** The process ids of a database's own PostgreSQL backends (the server's connections), as seen by `admin`. */
export async function databaseBackends(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.map((r) => r.pid);
}

const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100)

/** CPU time (user + system, ms) the processes have used so far; a process gone counts nothing. */
export function cpuMsOf(pids: number[]): Map<number, number> {
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

/** CPU time the processes have used so far, split: in their own code (user) and in the kernel (system), ms. */
export function cpuSplitOf(pids: number[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      user += Number(fields[11]) * TICK_MS;
      system += Number(fields[12]) * TICK_MS;
    } catch {
      /* gone */
    }
  }
  return { user, system };
}

/** What the processes used between two readings, over the processes present in both. */
export const usedBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + (before.has(pid) ? ms - before.get(pid)! : 0), 0);

/** A process and all its descendants. */
export function processTree(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
  return [pid, ...children.flatMap(processTree)];
}

/**
 * Waits until the processes are idle: under `idleShare` of one core for two readings `windowMs` apart in a
 * row, or `maxMs` in all. A server just seeded is still doing the seeding's background work (image variants,
 * the embedded database's upkeep after bulk changes, the first recurring jobs); a bench that measures at once
 * measures that work as well. Returns how long it waited and whether it went idle.
 */
export async function quiesce(
  pids: number[],
  { windowMs = 1_000, idleShare = 0.05, maxMs = 60_000 } = {},
): Promise<{ waitedMs: number; idle: boolean }> {
  const started = performance.now();
  let quietWindows = 0;
  while (performance.now() - started < maxMs) {
    const before = cpuSplitOf(pids);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = cpuSplitOf(pids);
    const share = (after.user + after.system - before.user - before.system) / windowMs;
    quietWindows = share < idleShare ? quietWindows + 1 : 0;
    if (quietWindows >= 2) return { waitedMs: performance.now() - started, idle: true };
  }
  return { waitedMs: performance.now() - started, idle: false };
}
