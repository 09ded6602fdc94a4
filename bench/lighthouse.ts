// Lighthouse from the npm registry through npx (pinned), on Debian's Chromium: one place for the benchmarks
// that score the guest guide (guide.ts, guide-lcp.ts, local-area.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const LIGHTHOUSE = "lighthouse@12.8.2";
export const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export interface LighthouseAudit {
  numericValue?: number;
  displayValue?: string;
  score: number | null;
  title: string;
  details?: { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] };
}

export interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<string, LighthouseAudit>;
}

/**
 * Runs Lighthouse's mobile preset (simulated slow 4G, a 4× slower CPU) on `url` for `categories`, writing the
 * JSON report to `out`; throws when it fails.
 */
export function lighthouse(url: string, out: string, categories: string[]): LighthouseReport {
  const run = spawnSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--only-categories=${categories.join(",")}`,
      "--form-factor=mobile",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (run.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed (${run.status})`);
  return JSON.parse(fs.readFileSync(out, "utf8")) as LighthouseReport;
}

/** A category's score out of 100. */
export const score = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? NaN) * 100);

/** An audit's value in whole milliseconds. */
export const auditMs = (report: LighthouseReport, id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
