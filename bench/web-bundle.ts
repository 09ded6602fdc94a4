// The JavaScript a browser really downloads for the dashboard's logged-in home (issue budget: ≤ 120 KB gzip,
// docs/architecture.md §9). Unlike bundle-size.ts, which reads index.html, this follows every script the page
// loads on its first view — the entry, its preloaded imports and the lazy chunks the home route pulls — in
// Debian's Chromium against the compiled server. Each body is gzipped here (level 9, as the build's .gz files),
// and the bytes on the wire (Brotli, from the precompressed files) are shown beside it.
import { chromium } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { startServer } from "./lib.ts";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface Script {
  url: string;
  raw: number;
  gzip: number;
  wire: number;
}

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const context = await browser.newContext({ extraHTTPHeaders: { Origin: server.url } });
  const signUp = await context.request.post(`${server.url}/api/auth/sign-up`, {
    data: { firstName: "Bench", email: `bench-${Date.now()}@example.com`, password: "correct-horse-battery" },
  });
  if (signUp.status() !== 201) throw new Error(`sign-up failed: ${signUp.status()}`);

  const page = await context.newPage();
  const pending: Promise<Script>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
        };
      })(),
    );
  });
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { level: 1 }).waitFor();
  await page.waitForLoadState("networkidle");
  if (new URL(page.url()).pathname !== "/") throw new Error(`expected the home, landed on ${page.url()}`);

  const scripts = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
  // kB of 1,000 bytes, as Vite reports them and as the budget was measured.
  const kb = (n: number) => (n / 1000).toFixed(1).padStart(7);
  console.log(`${"script".padEnd(48)} ${"raw kB".padStart(7)} ${"gzip kB".padStart(7)} ${"wire kB".padStart(7)}`);
  for (const s of scripts) console.log(`${s.url.padEnd(48)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.wire)}`);
  const total = (key: "raw" | "gzip" | "wire") => scripts.reduce((sum, s) => sum + s[key], 0);
  console.log(
    `${`total (${scripts.length} scripts)`.padEnd(48)} ${kb(total("raw"))} ${kb(total("gzip"))} ${kb(total("wire"))}`,
  );
  console.log(`dashboard first-view JS on the logged-in home: ${(total("gzip") / 1000).toFixed(1)} kB gzip`);

  // When the first view asked for its data, from the navigation's start: the session and the settings should
  // start beside the page's chunks, not after React's first render.
  // The bench compiles without the DOM's types: the entries' three fields used here, typed once.
  const resources = await page.evaluate(() =>
    (
      performance.getEntriesByType("resource") as unknown as { name: string; startTime: number; responseEnd: number }[]
    ).map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
  );
  const timings = resources.filter((e) => /^\/api\/(me|config)$/.test(e.path));
  const entry = resources.find((e) => /^\/assets\/index-[^/]+\.js$/.test(e.path))?.end ?? null;
  const ms = (n: number | null) => (n === null ? "?" : `${Math.round(n)} ms`);
  console.log(`entry script loaded at ${ms(entry)}`);
  for (const t of timings) console.log(`${t.path} requested at ${ms(t.start)}, answered at ${ms(t.end)}`);
} finally {
  await browser.close();
  await server.stop();
}
