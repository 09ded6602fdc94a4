import { defineConfig } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumArgs } from "./chromium.ts";
import { APP_PORT, FEED_SERVER_PORT, PLACES_APP_URL, PLACES_FAKE_PORT } from "./ports.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const port = APP_PORT;
const baseURL = `http://127.0.0.1:${port}`;

// docs/architecture.md §10: Debian's Chromium, never a downloaded browser; no browser is a failure, not a skip.
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  throw new Error(
    `No Chromium at ${chromePath}. Install it with \`apt-get install -y chromium\` (or set CHROME_PATH to a Chromium binary) and run the e2e tests again.`,
  );
}

// A fresh data directory per run (the config is loaded again in every worker, so the path travels in the env).
process.env.DOORSTEP_E2E_DATA_DIR ??= path.join(root, ".tmp", `e2e-data-${Date.now()}`);
const dataDir = process.env.DOORSTEP_E2E_DATA_DIR;
fs.mkdirSync(dataDir, { recursive: true });

function appEnv(appPort: number, appDataDir: string): Record<string, string> {
  fs.mkdirSync(appDataDir, { recursive: true });
  return {
    PORT: String(appPort),
    DATA_DIR: appDataDir,
    RATE_LIMIT_IP_MULTIPLIER: "50",
    NODE_ENV: "test",
    // The feeds spec's calendar server is on loopback, which production refuses without this.
    ALLOW_PRIVATE_FEEDS: "true",
    // A private dashboard build (vite build --outDir …) keeps concurrent runs from deleting each other's assets.
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  };
}

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A test's whole budget. Each full page load of the dashboard took 1–3.5 s on a slow CI machine (November
  // 2026), and the longest flows load a dozen pages: 30 s ran out on tests that were passing. Each wait
  // still fails after 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the one-line summary of `npm test` (scripts/test.mjs).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // The server refuses cookie-session writes that name no origin (decision 011); the API request fixtures
    // act for the dashboard, so they say they come from it, as the browser does on its own.
    extraHTTPHeaders: { Origin: baseURL },
    // No trace by default: recording one for every test (to keep the failures') cost 36 % of the suite's CPU
    // (bench figures in decision 031) and no one reads a trace from CI's log. Record one while debugging:
    // `npx playwright test <file> --trace on`, then `npx playwright show-trace`.
    trace: "off",
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions: {
      executablePath: chromePath,
      args: chromiumArgs,
    },
  },
  webServer: [
    {
      command: "node ../../scripts/start.mjs",
      cwd: here,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: appEnv(port, dataDir),
    },
    {
      command: `npx tsx ../server/src/test/fakes/serve-nominatim-fake.ts ${PLACES_FAKE_PORT}`,
      cwd: here,
      port: PLACES_FAKE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `npx tsx ../server/src/test/fakes/serve-feed-server.ts ${FEED_SERVER_PORT}`,
      cwd: here,
      port: FEED_SERVER_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node ../../scripts/start.mjs",
      cwd: here,
      url: `${PLACES_APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...appEnv(port + 200, `${dataDir}-places`),
        PLACES_URL: `http://127.0.0.1:${PLACES_FAKE_PORT}`,
      },
    },
  ],
});
