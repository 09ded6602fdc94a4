import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { supervise } from "./supervise.mjs";

// Real child processes, a fake clock: each child is a one-line node script. Ten node starts take a few seconds
// on a busy machine, hence the test's timeout.
const FAIL = "process.exit(1)";
const CLEAN_EXIT = "process.exit(0)";
const REFUSED = "process.exit(78)";
// Stays up until SIGTERM, which it answers by exiting 0 as the server does; says when its handler is in place.
const SERVE = "process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 1000)";

const children = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill("SIGKILL")));

function harness(scripts, { delay } = {}) {
  let clock = 0;
  const delays = [];
  const logged = [];
  const started = [];
  const onStart = [];
  // Whether the last child had exited when the next one was started (the data directory's lock).
  const lastHadExited = [];
  const supervisor = supervise({
    start: () => {
      const last = started.at(-1);
      if (last) lastHadExited.push(last.exitCode !== null || last.signalCode !== null);
      const script = scripts[started.length] ?? FAIL;
      const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
      started.push(child);
      children.push(child);
      onStart.shift()?.(child);
      return child;
    },
    log: (message) => logged.push(message),
    delay:
      delay ??
      ((ms) => {
        delays.push(ms);
        return Promise.resolve();
      }),
    now: () => clock,
  });
  return {
    supervisor,
    delays,
    logged,
    started,
    lastHadExited,
    advance: (ms) => void (clock += ms),
    /** The n-th child (from 1) once it is up and serving. */
    serving: (n) =>
      new Promise((resolve) => {
        const whenUp = (child) => child.stdout.once("data", () => resolve(child));
        if (started.length >= n) whenUp(started[n - 1]);
        else onStart[n - 1 - started.length] = whenUp;
      }),
  };
}

describe("supervise (npm start's restarts)", () => {
  it("restarts a failing or killed server with a delay doubling from 1 s to 30 s, from 1 s again after a minute up, and stops on SIGTERM without a restart", async () => {
    const scripts = [FAIL, FAIL, FAIL, FAIL, FAIL, FAIL, FAIL, SERVE, SERVE, SERVE];
    const h = harness(scripts);
    // The eighth runs for a minute of the clock and is then killed by someone else.
    const eighth = await h.serving(8);
    h.advance(61_000);
    eighth.kill("SIGKILL");
    // The ninth is killed at once, outside us too.
    (await h.serving(9)).kill("SIGKILL");
    await h.serving(10);
    h.supervisor.stop("SIGTERM");

    expect(await h.supervisor.done).toBe(0);
    expect(h.started).toHaveLength(10);
    expect(h.delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 1_000, 2_000]);
    expect(h.logged[0]).toBe("server exited with code 1; restarting in 1 s");
    expect(h.logged[1]).toBe("server exited with code 1; restarting in 2 s");
    expect(h.logged[7]).toBe("server was killed by SIGKILL; restarting in 1 s");
    expect(h.logged).toHaveLength(9);
    expect(h.started[9].signalCode).toBe(null);
    expect(h.started[9].exitCode).toBe(0);
    expect(h.lastHadExited).toEqual(Array(9).fill(true));
  }, 60_000);

  it("restarts nothing when SIGTERM arrives during the wait, and nothing after a clean exit", async () => {
    const waiting = harness([FAIL], { delay: () => new Promise(() => {}) });
    while (waiting.logged.length === 0) await new Promise((r) => setTimeout(r, 10));
    waiting.supervisor.stop("SIGTERM");
    expect(await waiting.supervisor.done).toBe(0);
    expect(waiting.started).toHaveLength(1);

    const clean = harness([CLEAN_EXIT]);
    expect(await clean.supervisor.done).toBe(0);
    expect(clean.started).toHaveLength(1);
    expect(clean.logged).toEqual([]);
  }, 20_000);

  it("does not restart a server that refused to start (exit code 78): its reason needs a person", async () => {
    const refused = harness([REFUSED]);
    expect(await refused.supervisor.done).toBe(78);
    expect(refused.started).toHaveLength(1);
    expect(refused.delays).toEqual([]);
    expect(refused.logged).toEqual(["server refused to start (the reason is above); not restarting"]);
  }, 20_000);
});
