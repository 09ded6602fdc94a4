// Runs the fake Nominatim on a fixed port for the e2e app server that has PLACES_URL (apps/e2e/playwright.config.ts):
// `tsx apps/server/src/test/fakes/serve-nominatim-fake.ts 3311`.
import { startNominatimFake } from "./nominatim-fake.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: serve-nominatim-fake.ts <port>");
const fake = await startNominatimFake(port);
console.log(`fake Nominatim on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
