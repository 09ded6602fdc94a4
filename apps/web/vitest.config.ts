import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // jsdom tests share two cores with PGlite API tests in one run; 5 s is too tight under that load.
    testTimeout: 20_000,
  },
});
