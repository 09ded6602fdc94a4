#!/usr/bin/env node
// `npm test`: every test. Unit and API tests on PGlite; the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it); then the dashboard build and the browser tests in Chromium.
// Ends with one summary line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".tmp/reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const only = process.argv[2]; // "unit" | "e2e" | undefined (all)
const steps = [];
const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;

function run(name, command, args, env = process.env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  steps.push({ name, ok: result.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return result.status === 0;
}

const vitest = (report, extra) => [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, report)}`,
  ...extra,
];

if (only !== "e2e") {
  run("unit and API tests (PGlite)", "npx", vitest("vitest-pglite.json", []), envWithoutPg);
  if (TEST_DATABASE_URL) {
    // The embedded shape's own tests (`npm start` with no configuration, backup and restore of its data
    // directory) run PGlite whatever TEST_DATABASE_URL says: the first pass covers them.
    const embeddedOnly = ["src/main.test.ts", "src/cli/backup.test.ts"].flatMap((file) => ["--exclude", file]);
    run(
      "API tests (PostgreSQL)",
      "npx",
      vitest("vitest-postgres.json", ["--project", "server", ...embeddedOnly]),
      process.env,
    );
  }
}
if (only !== "unit") {
  if (run("dashboard build", "npm", ["run", "build", "-w", "@doorstep/web"])) {
    run("browser tests (Chromium)", "npm", ["run", "test", "-w", "@doorstep/e2e"], {
      ...envWithoutPg,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json"),
    });
  }
}

let passed = 0;
let failed = 0;
for (const file of fs.readdirSync(reports)) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), "utf8"));
  if (file.startsWith("vitest")) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  } else if (file.startsWith("playwright")) {
    passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    failed += report.stats?.unexpected ?? 0;
  }
}
const stepFailures = steps.filter((s) => !s.ok);
console.log("\n" + steps.map((s) => `${s.ok ? "ok  " : "FAIL"} ${s.name} (${s.seconds}s)`).join("\n"));
// A step that failed without reporting tests (a crash, a build error) still fails the run.
if (stepFailures.length > 0 && failed === 0) failed = stepFailures.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || stepFailures.length > 0 ? 1 : 0);
