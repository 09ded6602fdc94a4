// wrk (Debian's C load generator) instead of a Node load tool: on two cores a Node client saturates before
// the server does and hides the server's own cost. One thread, pinned to its own core where possible.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { pinned } from "./nginx.ts";

export interface WrkResult {
  rps: number;
  /** Requests completed in the run. */
  requests: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx/3xx, plus socket errors. */
  errors: number;
  /** CPU time wrk itself used (user + system, ms; the shell's `times`), to tell the load tool's share. */
  cpuMs: number;
}

function ensureWrk(): string {
  if (fs.existsSync("/usr/bin/wrk")) return "/usr/bin/wrk";
  console.log("installing wrk from Debian…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (spawnSync("apt-get", ["install", "-y", "wrk"], { stdio: "ignore", env }).status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: "ignore", env });
    spawnSync("apt-get", ["install", "-y", "wrk"], { stdio: "ignore", env });
  }
  if (!fs.existsSync("/usr/bin/wrk")) throw new Error("wrk is not installed and could not be installed (apt-get)");
  return "/usr/bin/wrk";
}

const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? NaN);

/** Parses wrk's `--latency` report. */
export function parseWrk(out: string): WrkResult {
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const pct = (p: string) => {
    const m = out.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m"));
    return m ? ms(m[1]!, m[2]!) : NaN;
  };
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  // The last line is the shell's `times` for its children (wrk): "0m1.234s 0m0.567s".
  const times = [...(out.trim().split("\n").at(-1) ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000,
  );
  const cpuMs = times.length === 2 ? times[0]! + times[1]! : NaN;
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? NaN);
  return { rps, requests, p50: pct("50"), p99: pct("99"), errors: non2xx + socketErrors, cpuMs };
}

/** wrk (pinned to `cpu` when asked) under bash, which prints the CPU time wrk used once it exits. */
function timedCommand(cpu: number | undefined, args: string[]): [string, string[]] {
  const [command, full] = pinned(cpu, ensureWrk(), args);
  return ["bash", ["-c", '"$@"; status=$?; times; exit $status', "_", command, ...full]];
}

/** Runs wrk against `url` in the background; `wait()` gives its result. For two loads at once. */
export function wrkInBackground(url: string, options: Parameters<typeof wrk>[1] = {}): { wait(): Promise<WrkResult> } {
  const args = ["-t1", `-c${options.connections ?? 16}`, `-d${options.seconds ?? 10}s`, "--latency"];
  if (options.script) args.push("-s", options.script);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const [command, full] = timedCommand(options.cpu, args);
  const child = spawn(command, full, { env: { ...process.env, ...options.env } });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<WrkResult>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk exited with ${code}`)))),
  );
  return { wait: () => done };
}

/** Runs wrk against `url` for `seconds` with `connections` connections on one thread. */
export function wrk(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    cpu?: number;
    /** A wrk Lua script (requests built per call, delays) and the environment it reads. */
    script?: string;
    env?: Record<string, string>;
  } = {},
): WrkResult {
  const args = ["-t1", `-c${options.connections ?? 16}`, `-d${options.seconds ?? 10}s`, "--latency"];
  if (options.script) args.push("-s", options.script);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const [command, full] = timedCommand(options.cpu, args);
  const run = spawnSync(command, full, { encoding: "utf8", env: { ...process.env, ...options.env } });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  return parseWrk(run.stdout);
}

/** "1,234 req/s, p99 5.6 ms" for a table cell. */
export function cell(r: WrkResult): string {
  const errors = r.errors ? `, ${r.errors} errors` : "";
  return `${Math.round(r.rps).toLocaleString("en-GB")} req/s, p99 ${r.p99.toFixed(1)} ms${errors}`;
}
