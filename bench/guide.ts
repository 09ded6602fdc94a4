// Guest guide budgets (ARCHITECTURE §9, issue 5), on a guide with 30 items and 10 images: the guide's
// JavaScript on first view (≤ 60 KB gzip); Lighthouse mobile performance (≥ 98) and accessibility (100),
// run with Lighthouse from the npm registry (pinned, fetched by npx on first use, never a product
// dependency) in Debian's Chromium; and the warm throughput of /g/:propertyId against nginx serving the
// same HTML as a static file (≥ 50 %), same load tool, same run. nginx comes from Debian, never the product.
// BENCH_LIGHTHOUSE=0 skips Lighthouse.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import sharp from "sharp";
import { startServer } from "./lib.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ITEMS = 30;
const IMAGES = 10; // the cover and nine item photos
const LIGHTHOUSE = "lighthouse@12.8.2";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function findNginx(): string | null {
  for (const p of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(p)) return p;
  return null;
}

/** nginx from Debian, installed for the bench when missing (root only). */
function ensureNginx(): string | null {
  const found = findNginx();
  if (found) return found;
  console.log("installing nginx-light from Debian for the comparison…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx-light"], { stdio: "ignore", env })
      .status === 0;
  if (!install()) {
    spawnSync("apt-get", ["update"], { stdio: "ignore", env });
    install();
  }
  return findNginx();
}

/** A photo-like JPEG (smooth gradients and detail), as a host's phone would upload. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1067;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      raw[o] = (x / 7 + seed * 40 + Math.sin(y / 23) * 30) & 255;
      raw[o + 1] = (y / 5 + Math.cos((x + seed * 50) / 41) * 60 + 60) & 255;
      raw[o + 2] = ((x ^ y) / 9 + seed * 17) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function upload(url: string, cookie: string, method: "PUT" | "POST", image: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([image], { type: "image/jpeg" }), "photo.jpg");
  const res = await fetch(url, { method, headers: { cookie }, body: form });
  if (!res.ok) throw new Error(`upload ${url}: ${res.status} ${await res.text()}`);
}

/** Lighthouse (mobile: simulated slow 4G and a 4× slower CPU) on a guest's first view of the guide. */
function lighthouse(url: string, out: string) {
  const run = spawnSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility",
      "--form-factor=mobile",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (run.status !== 0 || !fs.existsSync(out)) throw new Error(`lighthouse failed (${run.status})`);
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
  };
  const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
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
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    fcp: ms("first-contentful-paint"),
    lcp: ms("largest-contentful-paint"),
    tbt: ms("total-blocking-time"),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    failing,
  };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
let nginx: ReturnType<typeof spawn> | null = null;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-guide-bench-"));
try {
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Host",
      email: `bench-guide-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const api = (method: string, url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
  const id = `bench-guide-${Date.now().toString(36)}`;
  await api("POST", "/api/properties", { title: "Harbour Loft", propertyId: id });
  await api("PATCH", `/api/properties/${id}`, {
    displayAddress: "12 Quay Street, Whitby",
    languageTranslations: ["fr", "de"],
  });
  const categories = ["arrival", "wifi-and-tech", "house-rules", "the-home", "getting-around", "safety", "check-out"];
  const photos = await Promise.all(Array.from({ length: IMAGES }, (_, i) => photo(i)));
  await upload(`${server.url}/api/properties/${id}/cover`, cookie, "PUT", photos[0]!);
  for (let i = 0; i < ITEMS; i++) {
    const res = await api("POST", `/api/properties/${id}/content/items`, {
      categoryLabel: categories[i % categories.length],
      title: `Guide item ${i + 1}`,
      detailText: `<p>Everything a guest needs to know about item ${i + 1}, with <strong>bold</strong> and <a href="https://example.com">a link</a>.</p><ul><li>One</li><li>Two</li></ul>`,
      featured: i % 10 === 0,
    });
    if (res.status !== 201) throw new Error(`item ${i}: ${res.status} ${await res.text()}`);
    // Nine item photos, spread through the guide (most of them below the fold).
    if (i % 3 === 0 && i / 3 < IMAGES - 1) {
      const item = ((await res.json()) as { item: { id: string } }).item;
      await upload(
        `${server.url}/api/properties/${id}/content/items/${item.id}/media/image`,
        cookie,
        "PUT",
        photos[i / 3 + 1]!,
      );
    }
  }

  const guideUrl = `${server.url}/g/${id}`;
  const page = await fetch(guideUrl);
  const html = await page.text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
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
      const lh = lighthouse(guideUrl, path.join(work, "lighthouse.json"));
      console.log(
        `Lighthouse mobile (${LIGHTHOUSE}, Chromium): performance ${lh.performance} (budget ≥ 98), accessibility ${lh.accessibility} (budget 100); FCP ${lh.fcp} ms, LCP ${lh.lcp} ms, TBT ${lh.tbt} ms, CLS ${lh.cls.toFixed(3)}${lh.failing.length ? `; audits below full marks: ${lh.failing.join(", ")}` : ""}`,
      );
    } catch (error) {
      console.log(`Lighthouse: not measured (${(error as Error).message})`);
    }
  }

  // The same HTML as a static file.
  fs.writeFileSync(path.join(work, "index.html"), html);
  let staticUrl: string;
  let staticServer: string;
  const nginxBin = ensureNginx();
  const port = 3900 + Math.floor(Math.random() * 90);
  if (nginxBin) {
    const conf = path.join(work, "nginx.conf");
    fs.writeFileSync(
      conf,
      `worker_processes auto; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000; client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  server { listen 127.0.0.1:${port}; root ${work}; location / { default_type text/html; } } }`,
    );
    nginx = spawn(nginxBin, ["-c", conf, "-e", `${work}/error.log`], { stdio: "ignore" });
    staticServer =
      execFileSync(nginxBin, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim() || "nginx";
    staticUrl = `http://127.0.0.1:${port}/index.html`;
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(staticUrl)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } else {
    throw new Error(
      "nginx is not installed and could not be installed (apt-get install nginx-light needs root and the Debian mirror)",
    );
  }

  // Warm both, then measure in the same run.
  await load(guideUrl);
  const guide = await load(guideUrl);
  const nginxRun = await load(staticUrl);
  const ratio = guide.rps / nginxRun.rps;
  console.log(
    `GET /g/${id} (warm): ${guide.rps.toFixed(0)} req/s, p50 ${guide.p50} ms, p99 ${guide.p99} ms, non-2xx ${guide.non2xx}`,
  );
  console.log(
    `${staticServer} static: ${nginxRun.rps.toFixed(0)} req/s, p50 ${nginxRun.p50} ms, p99 ${nginxRun.p99} ms`,
  );
  console.log(`ratio guide/nginx: ${(ratio * 100).toFixed(0)} % (budget ≥ 50 %)`);
} finally {
  nginx?.kill("SIGTERM");
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
