#!/usr/bin/env node
// `npm start`: builds the dashboard when no build exists, then runs the production server on the
// embedded defaults (PGlite in ./data, local files, email outbox, local payment gateway). Environment
// variables switch each part.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = path.join(root, "apps/web/dist/index.html");

if (!fs.existsSync(distIndex)) {
  console.log("Building the dashboard (first start only)...");
  const build = spawnSync("npm", ["run", "build", "-w", "@doorstep/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Without PUBLIC_URL this is someone trying the product on their own machine, not a deployment: LOCAL_RUN
// lets the server default PUBLIC_URL to localhost (it warns) and accept the local gateway's test cards, so
// the first command gives a working product, billing included. A deployment sets PUBLIC_URL, and then
// production's rules apply in full (no localhost links, no test cards without Stripe).
const localRun = !process.env.PUBLIC_URL;
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...(localRun ? { LOCAL_RUN: "true" } : {}), ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
