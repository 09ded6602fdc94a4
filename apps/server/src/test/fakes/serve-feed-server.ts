// Runs the local calendar-feed server on a fixed port for the e2e run (apps/e2e/playwright.config.ts), with its
// control route so a spec can change a feed between syncs: `tsx apps/server/src/test/fakes/serve-feed-server.ts 3361`.
import { startFeedServer } from "../feed-server.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: serve-feed-server.ts <port>");
const server = await startFeedServer({ port, control: true });
console.log(`calendar feeds on ${server.origin}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
