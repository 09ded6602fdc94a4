// Keeps a server process running (scripts/start.mjs): a child that exits with an error or is killed by a signal
// we did not send is started again, after a delay that doubles from 1 s to 30 s while it keeps failing and
// starts over once a child has run for a minute. The next child starts only after the last one's exit event:
// the embedded database's lock (apps/server/src/db/lock.ts) is taken over only from a pid that is gone.

/**
 * The exit code of a server that refused to start for a reason a restart cannot mend (its configuration, a data
 * directory another server holds, a port in use): EX_CONFIG from sysexits.h. apps/server/src/main.ts uses it.
 */
export const REFUSED_TO_START = 78;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** "2 s", "500 ms". */
function duration(ms) {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * Starts `start()` (which returns a ChildProcess) and restarts it as above. `stop(signal)` sends the child that
 * signal and restarts nothing more. `done` resolves with the exit code for the supervisor: the child's own when
 * it stopped when asked or exited cleanly by itself, 1 when a signal ended it.
 * `delay` and `now` are the clock, replaceable in tests.
 */
export function supervise({
  start,
  log = (message) => console.error(message),
  delay = sleep,
  now = Date.now,
  firstDelayMs = 1_000,
  maxDelayMs = 30_000,
  resetAfterMs = 60_000,
}) {
  let stopping = false;
  let child = null;
  let wakeUp = () => {};
  let nextDelayMs = firstDelayMs;

  const run = async () => {
    for (;;) {
      const startedAt = now();
      child = start();
      const { code, signal, error } = await new Promise((resolve) => {
        child.once("exit", (code, signal) => resolve({ code, signal }));
        // A child that could not be spawned emits no exit.
        child.on("error", (error) => child.pid === undefined && resolve({ code: null, signal: null, error }));
      });
      child = null;
      if (stopping) return code ?? (signal ? 1 : 0);
      if (code === 0) return 0;
      if (code === REFUSED_TO_START) {
        log("server refused to start (the reason is above); not restarting");
        return code;
      }
      const ranMs = now() - startedAt;
      if (ranMs >= resetAfterMs) nextDelayMs = firstDelayMs;
      const waitMs = nextDelayMs;
      nextDelayMs = Math.min(nextDelayMs * 2, maxDelayMs);
      const how = error
        ? `could not start (${error.message})`
        : signal
          ? `was killed by ${signal}`
          : `exited with code ${code}`;
      log(`server ${how}; restarting in ${duration(waitMs)}`);
      await Promise.race([delay(waitMs), new Promise((resolve) => (wakeUp = resolve))]);
      if (stopping) return 0;
    }
  };

  return {
    done: run(),
    /** Forwards the signal to the running child, if any, and ends supervision once it has exited. */
    stop(signal = "SIGTERM") {
      stopping = true;
      if (child) child.kill(signal);
      wakeUp();
    },
  };
}
