// Loaded into the server under test by the benches (NODE_OPTIONS="--import …/server-probe.mjs"), never by the
// product. It counts what the server does rather than how long the machine let it: the SQL statements it sends
// (PGlite's and pg's, by statement, with the time each held the thread) and the event loop's delay
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution). On SIGUSR2 it writes what it saw since the last
// signal to BENCH_PROBE_FILE as JSON and starts again, so a bench reads one window per run.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const out = process.env.BENCH_PROBE_FILE;
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let statements = new Map();
let since = performance.now();

function count(text, ms) {
  const key = String(text).replace(/\s+/g, " ").trim().slice(0, 90);
  const entry = statements.get(key) ?? { n: 0, ms: 0, maxMs: 0 };
  entry.n++;
  entry.ms += ms;
  entry.maxMs = Math.max(entry.maxMs, ms);
  statements.set(key, entry);
}

// The server's own copies of the drivers (the compiled server keeps node_modules external).
const require = createRequire(path.join(process.cwd(), "apps/server/package.json"));
try {
  const { PGlite } = await import("@electric-sql/pglite");
  for (const name of ["query", "exec"]) {
    const original = PGlite.prototype[name];
    PGlite.prototype[name] = async function (text, ...rest) {
      const started = performance.now();
      try {
        return await original.call(this, text, ...rest);
      } finally {
        count(text, performance.now() - started);
      }
    };
  }
  // A named statement prepared once (decision 062) is executed as one Bind+Execute+Sync message, outside
  // query(): counted by the statement's name, read from the Bind (portal name, then statement name).
  const decoder = new TextDecoder();
  const original = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = async function (message, ...rest) {
    if (message[0] !== 0x42 || message[5] !== 0) return original.call(this, message, ...rest);
    const end = message.indexOf(0, 6);
    const started = performance.now();
    try {
      return await original.call(this, message, ...rest);
    } finally {
      if (end > 6) count(`prepared ${decoder.decode(message.subarray(6, end))}`, performance.now() - started);
    }
  };
} catch {
  /* no PGlite */
}
try {
  const pg = require("pg");
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    count(typeof config === "string" ? config : (config?.text ?? config?.name ?? "?"), 0);
    return original.call(this, config, ...rest);
  };
} catch {
  /* no pg */
}

if (out) {
  process.on("SIGUSR2", () => {
    const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
    const report = {
      seconds: (performance.now() - since) / 1000,
      eventLoopDelay: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      statements: Object.fromEntries([...statements].sort((a, b) => b[1].n - a[1].n)),
    };
    // Whole or not at all: the reader waits for the name.
    fs.writeFileSync(`${out}.tmp`, JSON.stringify(report, null, 1));
    fs.renameSync(`${out}.tmp`, out);
    statements = new Map();
    delay.reset();
    since = performance.now();
  });
}
