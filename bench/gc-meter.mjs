// Preloaded into the compiled server by bench/gc.ts (NODE_OPTIONS=--import): counts GC pauses and the event
// loop's delay. SIGUSR2 writes what was seen since the previous SIGUSR2 to GC_METER_FILE as JSON, then starts
// again. Only in the server itself (dist/main.js), not in scripts/start.mjs that spawns it.
import fs from "node:fs";
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

if (process.argv[1]?.endsWith("main.js") && process.env.GC_METER_FILE) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let pauses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ ms: entry.duration, kind: entry.detail?.kind });
  }).observe({ entryTypes: ["gc"] });
  let since = performance.now();
  process.on("SIGUSR2", () => {
    const ms = (ns) => ns / 1e6;
    const scavenges = pauses.filter((p) => p.kind === constants.NODE_PERFORMANCE_GC_MINOR);
    fs.writeFileSync(
      process.env.GC_METER_FILE,
      JSON.stringify({
        seconds: (performance.now() - since) / 1000,
        scavenges: scavenges.length,
        others: pauses.length - scavenges.length,
        gcMs: pauses.reduce((sum, p) => sum + p.ms, 0),
        longestMs: Math.max(0, ...pauses.map((p) => p.ms)),
        loopDelayP99Ms: ms(delay.percentile(99)),
        loopDelayMaxMs: ms(delay.max),
      }),
    );
    pauses = [];
    delay.reset();
    since = performance.now();
  });
}
