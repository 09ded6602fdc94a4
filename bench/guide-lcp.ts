// The guest guide's Largest Contentful Paint under Lighthouse's mobile preset (simulated slow 4G, 4× slower
// CPU; budget ≤ 1.2 s) on a guide with a cover photo and 10 item photos, uploaded as 2000×1333 JPEGs of about
// 400 KB like a phone's. Lighthouse comes from the npm registry through npx (pinned, as in guide.ts) and runs
// Debian's Chromium. The cover's resized variants are made by its upload; the first run meets the item
// photos' variants not made yet (`/files/…?w=`, made once on first request and stored); the later runs are
// what every other guest gets. BENCH_LCP_RUNS sets how many
// of those (3).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "./lib.ts";
import { auditMs, CHROME, lighthouse, LIGHTHOUSE, score } from "./lighthouse.ts";
import { createGuide, photo, signUpHost } from "./seed.ts";

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 3);
const ITEMS = 30; // photos on items 1, 4, 7, …, 28: most of them below the fold
const IMAGES = 11; // the cover and 10 item photos
const PHOTO_WIDTH = 2000;
const PHOTO_QUALITY = 95; // about 400 kB each

function lcpRun(url: string, out: string) {
  const report = lighthouse(url, out, ["performance"]);
  const ms = (id: string) => auditMs(report, id);
  // The LCP element and its phases (TTFB, load delay, load time, render delay), when this version reports them.
  const lcpDetails = report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const element = lcpDetails[0]?.items?.[0]?.node?.snippet ?? "?";
  const phases = (lcpDetails[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? NaN)}`).join(", ");
  return {
    performance: score(report, "performance"),
    fcp: ms("first-contentful-paint"),
    lcp: ms("largest-contentful-paint"),
    element,
    phases,
  };
}

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-guide-lcp-"));
try {
  const sample = await photo(0, PHOTO_WIDTH, PHOTO_QUALITY);
  const host = await signUpHost(server.url);
  const id = await createGuide(server.url, host, ITEMS, IMAGES, PHOTO_WIDTH, PHOTO_QUALITY);
  const guideUrl = `${server.url}/g/${id}`;
  const html = await (await fetch(guideUrl)).text();
  const photos = (html.match(/<img\b/g) ?? []).length;
  console.log(
    `guide ${id}: ${photos} <img> (cover + item photos), uploads ${PHOTO_WIDTH}×${Math.round((PHOTO_WIDTH * 2) / 3)} JPEG of ~${Math.round(sample.length / 1000)} kB`,
  );
  console.log(`Lighthouse ${LIGHTHOUSE}, mobile preset (simulated throttling), Chromium ${CHROME}`);
  const lcps: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const lh = lcpRun(guideUrl, path.join(work, `run-${i}.json`));
    const label = i === 0 ? "first run (item variants made on request)" : `run ${i}`;
    console.log(
      `${label.padEnd(38)} performance ${lh.performance}, FCP ${lh.fcp} ms, LCP ${lh.lcp} ms [${lh.phases}] on ${lh.element}`,
    );
    if (i > 0) lcps.push(lh.lcp);
  }
  lcps.sort((a, b) => a - b);
  console.log(
    `guide LCP (Lighthouse mobile, median of ${RUNS}): ${lcps[Math.floor(lcps.length / 2)]} ms (budget 1200)`,
  );
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
