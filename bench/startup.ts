// Time from `npm start` (scripts/start.mjs, dashboard already built) to the first served page.
import { startServer } from "./lib.ts";

const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const server = await startServer();
  runs.push(server.startedInMs);
  await server.stop();
}
console.log(`startup to first served page (fresh data dir): ${runs.map((ms) => `${Math.round(ms)} ms`).join(", ")}`);
