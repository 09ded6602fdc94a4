import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = path.join(import.meta.dirname, "main.ts");
const children: ChildProcess[] = [];

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    // As `npm start` runs it on a fresh machine (scripts/start.mjs): production, no PUBLIC_URL, LOCAL_RUN.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      LOCAL_RUN: "true",
      WEB_DIST_DIR: path.join(dataDir, "none"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Generous: a cold start creates a PGlite cluster, and CI machines are shared by other work. Each attempt has
// its own timeout, and the last answer or error goes into the failure, so a server that listens but does not
// answer says how.
async function waitForHealth(url: string, output: () => string, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = "no attempt";
  while (Date.now() < end) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`;
    } catch (e) {
      const error = e as Error & { cause?: { code?: string; message?: string } };
      last = `${error.name}: ${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ""}`;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start; last attempt: ${last}\n${output()}`);
}

afterAll(() => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

describe("the server process (main.ts)", () => {
  it("starts on PGlite with no configuration, refuses a second process on its data dir, and shuts down gracefully on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-main-"));
    const port = 3400 + Math.floor(Math.random() * 400);
    const first = startServer(dataDir, port);
    await waitForHealth(`http://127.0.0.1:${port}`, first.output);
    const ready = (await (await fetch(`http://127.0.0.1:${port}/api/ready`)).json()) as { status: string };
    expect(ready.status).toBe("ready");
    expect(fs.existsSync(path.join(dataDir, "doorstep.lock"))).toBe(true);
    expect(first.output()).toContain("WARNING: PUBLIC_URL is not set");

    const second = startServer(dataDir, port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is already using the data directory");

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/ready`);
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("shutting down");
    expect(fs.existsSync(path.join(dataDir, "doorstep.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
