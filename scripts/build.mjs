#!/usr/bin/env node
// `npm run build`: the dashboard (Vite, apps/web/dist) and the server (esbuild, apps/server/dist).
// `npm start` uses the same definitions to rebuild only what is stale: a build is stale when it is missing or
// when a file or folder among its sources changed after it started (the make rule, on modification times;
// a folder's time changes when a file in it is added, renamed or deleted).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServer, SERVER_DIST } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);
const SKIP = new Set(["node_modules", "dist"]);
const isTest = (name) => /\.test\.tsx?$/.test(name);

export const builds = [
  {
    name: "dashboard",
    // Vite bundles the dashboard's npm packages too, hence the lockfile.
    sources: [at("apps/web"), at("packages/shared/src"), at("package-lock.json")],
    output: at("apps/web/dist/index.html"),
    build: async () => {
      const result = spawnSync("npm", ["run", "build", "-w", "@doorstep/web"], { cwd: root, stdio: "inherit" });
      if (result.status !== 0) throw new Error("the dashboard build failed");
    },
  },
  {
    name: "server",
    sources: [
      at("apps/server/src"),
      at("packages/shared/src"),
      at("apps/server/package.json"),
      at("scripts/build-server.mjs"),
    ],
    output: path.join(SERVER_DIST, "main.js"),
    build: buildServer,
  },
];

function newestChange(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = fs.readdirSync(file);
  // A folder holding a build output or node_modules changes with them: only its other entries count.
  let newest = entries.some((entry) => SKIP.has(entry)) ? 0 : stat.mtimeMs;
  for (const entry of entries) {
    if (!SKIP.has(entry) && !isTest(entry)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  }
  return newest;
}

export function isStale({ sources, output }) {
  const built = fs.statSync(output, { throwIfNoEntry: false });
  return !built || sources.some((source) => newestChange(source) > built.mtimeMs);
}

/** Runs one build and dates its output to the build's start, so a source saved during the build counts as newer. */
export async function runBuild(definition) {
  const started = new Date();
  await definition.build();
  fs.utimesSync(definition.output, started, started);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const definition of builds) {
    console.log(`Building the ${definition.name}...`);
    await runBuild(definition);
  }
}
