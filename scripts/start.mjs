#!/usr/bin/env node
// `npm start`: builds the dashboard when no build exists, then runs the production server on the
// embedded defaults (PGlite in ./data, local files, email outbox). Environment variables switch each part.
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

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
