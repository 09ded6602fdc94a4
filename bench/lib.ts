import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

export interface RunningServer {
  url: string;
  process: ChildProcess;
  startedInMs: number;
  stop(): Promise<void>;
}

/** Starts the production server (`scripts/start.mjs`) on a fresh data dir and waits for a served page. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = 3300 + Math.floor(Math.random() * 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
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
