// Guest guide budgets (docs/architecture.md §9), on a guide with 30 items and 10 images: the guide's
// JavaScript on first view (≤ 60 KB gzip); Lighthouse mobile performance (≥ 98) and accessibility (100),
// run with Lighthouse from the npm registry (pinned, fetched by npx on first use, never a product
// dependency) in Debian's Chromium; and the warm throughput of /g/:propertyId against nginx serving the
// same HTML as a static file (≥ 50 %), measured by wrk in the same run. nginx comes from Debian, never the
// product. BENCH_LIGHTHOUSE=0 skips Lighthouse.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { startServer } from "./lib.ts";
import { serveStatic } from "./nginx.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { auditMs, lighthouse, LIGHTHOUSE, score } from "./lighthouse.ts";
import { cell, wrk } from "./wrk.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ITEMS = 30;
const IMAGES = 10; // the cover and nine item photos

/** Lighthouse (mobile: simulated slow 4G and a 4× slower CPU) on a guest's first view of the guide. */
function guideLighthouse(url: string, out: string) {
  const report = lighthouse(url, out, ["performance", "accessibility"]);
  const ms = (id: string) => auditMs(report, id);
  const failing = Object.entries(report.audits)
    .filter(
      ([id, a]) =>
        a.score !== null &&
        a.score < 1 &&
        ![
          "largest-contentful-paint",
          "first-contentful-paint",
          "speed-index",
          "interactive",
          "total-blocking-time",
          "cumulative-layout-shift",
          "max-potential-fid",
        ].includes(id),
    )
    .map(([id]) => id);
  return {
    performance: score(report, "performance"),
    accessibility: score(report, "accessibility"),
    fcp: ms("first-contentful-paint"),
    lcp: ms("largest-contentful-paint"),
    tbt: ms("total-blocking-time"),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    failing,
  };
}

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
const work = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-guide-bench-"));
try {
  const host = await signUpHost(server.url);
  const id = await createGuide(server.url, host, ITEMS, IMAGES);

  const guideUrl = `${server.url}/g/${id}`;
  const page = await fetch(guideUrl);
  const html = await page.text();
  // The guide's own script is named by `data-script` and asked for at load by the inline loader; count it
  // with any `<script src>`, since a first view downloads it either way.
  const scripts = [...html.matchAll(/<script src="([^"]+)"|data-script="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`${server.url}${src}`)).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  const sw = Buffer.from(await (await fetch(`${guideUrl}/sw.js`)).arrayBuffer());
  console.log(`guide HTML: ${html.length} bytes (${gzipSync(html).length} gzip), ${ITEMS} items`);
  console.log(
    `guide JS on first view: ${scripts.length} file(s), ${jsRaw} bytes, ${jsGzip} bytes gzip (budget 61440); service worker ${sw.length} bytes, ${gzipSync(sw).length} gzip (installed after load)`,
  );

  const imageCount = (html.match(/<img\b/g) ?? []).length;
  console.log(`guide images: ${imageCount} <img> (cover + item photos, responsive srcset, lazy below the fold)`);
  if (process.env.BENCH_LIGHTHOUSE !== "0") {
    try {
      const lh = guideLighthouse(guideUrl, path.join(work, "lighthouse.json"));
      console.log(
        `Lighthouse mobile (${LIGHTHOUSE}, Chromium): performance ${lh.performance} (budget ≥ 98), accessibility ${lh.accessibility} (budget 100); FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms, CLS ${lh.cls.toFixed(3)}${lh.failing.length ? `; audits below full marks: ${lh.failing.join(", ")}` : ""}`,
      );
    } catch (error) {
      console.log(`Lighthouse: not measured (${(error as Error).message})`);
    }
  }

  // The same HTML from nginx (one worker), measured by the same load tool in the same run.
  const nginx = await serveStatic(html, { workers: 1 });
  try {
    wrk(guideUrl, { seconds: 2, connections: CONNECTIONS });
    const guide = wrk(guideUrl, { seconds: DURATION, connections: CONNECTIONS });
    const ceiling = wrk(nginx.url, { seconds: DURATION, connections: CONNECTIONS });
    console.log(`GET /g/${id} (warm, wrk): ${cell(guide)}, p50 ${guide.p50.toFixed(1)} ms`);
    console.log(`${nginx.version} static: ${cell(ceiling)}, p50 ${ceiling.p50.toFixed(1)} ms`);
    console.log(`ratio guide/nginx: ${Math.round((guide.rps / ceiling.rps) * 100)} % (budget ≥ 50 %)`);
  } finally {
    nginx.stop();
  }
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
