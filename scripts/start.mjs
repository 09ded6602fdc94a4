#!/usr/bin/env node
// `npm start`: builds what is missing or stale (the dashboard, the server; see scripts/build.mjs), then runs the
// compiled server with node on the embedded defaults (PGlite in ./data, local files, email outbox, local payment
// gateway). Environment variables switch each part. A server that crashes is started again (scripts/supervise.mjs).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builds, isStale, runBuild } from "./build.mjs";
import { supervise } from "./supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

for (const definition of builds) {
  // A WEB_DIST_DIR of the caller's own (the e2e runs' private builds) is theirs to build.
  if (definition.name === "dashboard" && process.env.WEB_DIST_DIR) continue;
  if (!isStale(definition)) continue;
  console.log(`Building the ${definition.name} (its sources changed, or it was never built)...`);
  try {
    await runBuild(definition);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Without PUBLIC_URL this is someone trying the product on their own machine, not a deployment: LOCAL_RUN
// lets the server default PUBLIC_URL to localhost (it warns) and accept the local gateway's test cards, so
// the first command gives a working product, billing included. A deployment sets PUBLIC_URL, and then
// production's rules apply in full (no localhost links, no test cards without Stripe).
const localRun = !process.env.PUBLIC_URL;
// Source maps point a production stack trace at the TypeScript lines. A young generation of up to 64 MB per
// semi-space (V8's default is 16) lets a busy server's in-flight requests finish between scavenges instead of
// being copied and promoted: on the property list, a quarter of the scavenges and a fifth of the GC time
// (decision 029). Set in NODE_OPTIONS, before the caller's own, so a deployment can still choose its size.
const nodeOptions = ["--max-semi-space-size=64", process.env.NODE_OPTIONS].filter(Boolean).join(" ");
// glibc serves a large malloc from its heaps once a large block has been freed (its mmap threshold rises up to
// 32 MB), and keeps that memory for the thread that used it: each image job (sharp, on libuv's threads) left
// ~50 MB resident in another arena, four of them ~150 MB (decision 038). A fixed threshold maps each large block
// and unmaps it when freed, so the server holds one image job's memory at most. The caller's value wins.
const mallocMmapThreshold = { MALLOC_MMAP_THRESHOLD_: "131072" };
const startServer = () =>
  spawn(process.execPath, ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    stdio: "inherit",
    env: {
      NODE_ENV: "production",
      ...(localRun ? { LOCAL_RUN: "true" } : {}),
      ...mallocMmapThreshold,
      ...process.env,
      NODE_OPTIONS: nodeOptions,
    },
  });
const supervisor = supervise({ start: startServer });
// Ctrl+C and a service manager's stop end the server gracefully and restart nothing.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => supervisor.stop(signal));
process.exit(await supervisor.done);
