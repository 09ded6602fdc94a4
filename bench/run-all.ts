// `npm run bench`: every benchmark, one after another. Figures are reported, never asserted.
import { spawnSync } from "node:child_process";
import path from "node:path";

for (const script of [
  "bundle-size.ts",
  "web-bundle.ts",
  "startup.ts",
  "login.ts",
  "properties.ts",
  "qr.ts",
  "content-save.ts",
  "guide.ts",
  "guide-lcp.ts",
  "throughput.ts",
  "dashboard-cpu.ts",
  "gc.ts",
  "analytics.ts",
  "ingest.ts",
  "ingest-share.ts",
]) {
  console.log(`\n--- ${script}`);
  spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, script)], { stdio: "inherit" });
}
