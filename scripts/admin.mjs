#!/usr/bin/env node
// `npm run admin -- <command>`: the operator CLI, compiled like the server (rebuilt first when its sources
// changed), so it runs where the server runs, without a transpiler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_DIST } from "./build-server.mjs";
import { builds, isStale, runBuild } from "./build.mjs";

const server = builds.find((definition) => definition.name === "server");
if (isStale(server)) await runBuild(server);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIST, "admin.js")).href);
