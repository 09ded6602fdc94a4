import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = path.join(import.meta.dirname, "main.ts");
// server.ts as main.ts runs it, plus routes whose work fails after the response (test/faulty-server.ts).
const FAULTY = path.join(import.meta.dirname, "test/faulty-server.ts");
const children: ChildProcess[] = [];

function startServer(dataDir: string, port: number, entry = MAIN) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
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

    // Refused for good (78): npm start's supervisor does not restart it (scripts/supervise.mjs).
    const second = startServer(dataDir, port + 1);
    expect(await second.exited).toBe(78);
    expect(second.output()).toContain("is already using the data directory");

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/ready`);
    first.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(200);
    // The server's log in the message: why a shutdown failed is in it.
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain("shutting down");
    expect(fs.existsSync(path.join(dataDir, "doorstep.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it("logs an error that escaped a request with the stack that raised it: a rejection and the server keeps serving, an uncaught exception and it closes and exits 1", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-fault-"));
    const port = 3400 + Math.floor(Math.random() * 400);
    const url = `http://127.0.0.1:${port}`;
    const server = startServer(dataDir, port, FAULTY);
    await waitForHealth(url, server.output);
    const logLines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map(
          (line) => JSON.parse(line) as { msg?: string; reqId?: string; err?: { message?: string; stack?: string } },
        );
    const until = async <T>(find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 200 && !find(); i++) await new Promise((r) => setTimeout(r, 50));
      const found = find();
      if (!found) throw new Error(`not logged:\n${server.output()}`);
      return found;
    };
    const rejected = await fetch(`${url}/test/fault/reject`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ n: 1 }),
    });
    expect(rejected.status).toBe(200);
    const rejection = await until(() => logLines().find((l) => l.err?.message === 'fault: rejected {"n":1}'));
    // No request id (decision 063): the stack names the code that raised it.
    expect(rejection).toMatchObject({ msg: "unhandled promise rejection; still serving" });
    expect(rejection.err?.stack).toContain("faulty-server.ts");
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    expect(server.child.exitCode).toBe(null);

    expect((await fetch(`${url}/test/fault/throw`)).status).toBe(200);
    expect(await server.exited).toBe(1);
    const exception = logLines().find((l) => l.err?.message === "fault: thrown");
    expect(exception).toMatchObject({ msg: "uncaught exception; closing and exiting" });
    expect(exception?.err?.stack).toContain("faulty-server.ts");
    // It closed before exiting: the data directory's lock is released for the next process.
    expect(fs.existsSync(path.join(dataDir, "doorstep.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
