// Start-up time of `npm start` (scripts/start.mjs) from a built tree: from spawning it to the first 200 from
// /api/health, on a fresh data dir (the database is created and migrated) and on an existing one (the one the
// fresh run left). Three runs each, median reported. Run the build first (`npm run build`).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "./lib.ts";

const RUNS = 3;

async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let elapsed = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start");
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) {
        elapsed = performance.now() - started;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill("SIGTERM");
  await exited;
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (values: number[]) =>
  `median ${Math.round(median(values))} ms (${values.map((ms) => `${Math.round(ms)}`).join(", ")} ms)`;

const fresh: number[] = [];
const existing: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-bench-"));
  fresh.push(await timeStart(dataDir));
  existing.push(await timeStart(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`startup to first 200 from /api/health, fresh data dir: ${show(fresh)}`);
console.log(`startup to first 200 from /api/health, existing data dir: ${show(existing)}`);
