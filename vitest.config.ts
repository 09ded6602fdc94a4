import { defineConfig } from "vitest/config";

// One runner for unit and API tests; e2e runs under Playwright (apps/e2e).
export default defineConfig({
  test: {
    // Two cores: two test files at a time keeps PGlite memory and argon2 load sane. Set once for every
    // project: vitest refuses projects with different maxWorkers in one run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["src/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One module graph per worker instead of per file: the app import (~2 s) is paid once. Test files
          // share no state but caches (each builds its own app on its own database).
          isolate: false,
        },
      },
      "apps/web/vitest.config.ts",
      {
        // The lint rules and the scripts' logic (npm start's restarts).
        test: {
          name: "tooling",
          include: ["eslint-rules/*.test.js", "scripts/*.test.mjs"],
          environment: "node",
        },
      },
    ],
  },
});
