import { isDatabaseUnavailable } from "./lib/db-errors.ts";
import { runServer } from "./server.ts";

// A server that cannot start because the database is not there yet exits 1, and npm start tries again; any
// other refusal (configuration, a data directory another server holds, a port in use) exits 78, which
// scripts/supervise.mjs does not restart: only a person can mend it.
const REFUSED_TO_START = 78;

runServer().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(isDatabaseUnavailable(error) ? 1 : REFUSED_TO_START);
});
