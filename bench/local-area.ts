// Local-area recommendations, on the compiled server with a places provider (the fake Nominatim from
// apps/server/src/test/fakes, over real HTTP), on PGlite and on PostgreSQL:
// 1. A place search through the cache: GET /api/places/search (kind=establishment, biased to the property) under
//    wrk with a host's session, p50/p99 and req/s; nginx serving the same JSON from the same machine is the ceiling.
//    The first (uncached) search is timed too: it includes the provider's round trip (here a local fake).
// 2. The guest guide with 40 places (30 pinned, 10 with photos): the HTML's bytes raw and gzip, and the first
//    view's JavaScript (gzip); Leaflet's bytes, which only a guest who opens the map pays.
// 3. Lighthouse (mobile preset) performance and accessibility of that guide, PGlite only (BENCH_LIGHTHOUSE=0 skips).
// Standalone, from the repository root: `npx tsx bench/local-area.ts`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { postgresUrl, ROOT, startServer } from "./lib.ts";
import { auditMs, lighthouse, LIGHTHOUSE, score } from "./lighthouse.ts";
import { serveStatic } from "./nginx.ts";
import { photo, signUpHost, upload, type Host } from "./seed.ts";
import { cell, wrk } from "./wrk.ts";

const PLACES = 40;
const PINNED = 30;
const PHOTOS = 10;
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

async function guideWithPlaces(baseUrl: string, host: Host): Promise<string> {
  const id = `bench-places-${Date.now().toString(36)}`;
  const ok = async (res: Response) => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
  };
  await ok(await host.api("POST", "/api/properties", { title: "Seafront Flat", propertyId: id }));
  // Published: a draft's guide is the 503 unavailable page (decision 020).
  await ok(await host.api("PATCH", `/api/properties/${id}`, { published: true }));
  const categories = ["cafes", "food-and-drink", "beaches", "parks", "shopping", "transport", "health-services"];
  for (let i = 0; i < PLACES; i++) {
    const created = await ok(
      await host.api("POST", `/api/properties/${id}/places`, {
        source: "custom",
        categoryLabel: categories[i % categories.length],
        title: `Recommended place ${i + 1}`,
        detailText: `Why we like place ${i + 1}: friendly, close by, open late. Ask for the table by the window.`,
        webLink: `https://place-${i + 1}.example.com`,
        phone: `+44 1273 ${String(100000 + i)}`,
        address: `${i + 1} Marine Parade, Brighton`,
        lat: i < PINNED ? 50.82 + i * 0.001 : null,
        lng: i < PINNED ? -0.14 + i * 0.001 : null,
      }),
    );
    if (i < PHOTOS) {
      const place = (created as { place: { id: string } }).place;
      await upload(baseUrl, host, `/api/local-places/${place.id}/image`, await photo(i, 1600, 82));
    }
  }
  return id;
}

async function measure(label: string, env: Record<string, string>, placesUrl: string, lighthouse: boolean) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", PLACES_URL: placesUrl, ...env });
  try {
    const host = await signUpHost(server.url);
    const id = await guideWithPlaces(server.url, host);
    const search = `${server.url}/api/places/search?q=marine&kind=establishment&lat=50.82&lng=-0.14`;
    const t0 = performance.now();
    const first = await fetch(search, { headers: { cookie: host.cookie } });
    const firstMs = performance.now() - t0;
    if (!first.ok) throw new Error(`search: ${first.status}`);
    const body = await first.text();
    const cached = wrk(search, { connections: 8, seconds: 10, headers: { cookie: host.cookie } });
    console.log(`${label}: first place search (provider round trip) ${firstMs.toFixed(1)} ms`);
    console.log(
      `${label}: place search through the cache: p50 ${cached.p50.toFixed(2)} ms, p99 ${cached.p99.toFixed(2)} ms (${cell(cached)}; wrk CPU ${cached.cpuMs} ms)`,
    );

    const html = await (await fetch(`${server.url}/g/${id}`)).text();
    const script = html.match(/src="(\/g\/_\/guide-[^"]+\.js)"/)?.[1];
    const js = script ? await (await fetch(`${server.url}${script}`)).text() : "";
    const leafletJs = html.match(/data-leaflet-js="([^"]+)"/)?.[1] ?? html.match(/(\/g\/_\/leaflet-[^"]+\.js)/)?.[1];
    const leaflet = leafletJs ? await (await fetch(`${server.url}${leafletJs}`)).text() : "";
    console.log(
      `${label}: guide with ${PLACES} places: HTML ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip; first-view JS ${kb(gzipSync(js).length)} gzip; Leaflet on demand ${kb(gzipSync(leaflet).length)} gzip`,
    );
    if (lighthouse) runLighthouse(`${server.url}/g/${id}`, label);
    return { body };
  } finally {
    await server.stop();
  }
}

function runLighthouse(url: string, label: string) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-lh-")), "report.json");
  try {
    const report = lighthouse(url, out, ["performance", "accessibility"]);
    console.log(
      `${label}: Lighthouse ${LIGHTHOUSE} mobile on the guide with ${PLACES} places: performance ${score(report, "performance")}, accessibility ${score(report, "accessibility")}, LCP ${auditMs(report, "largest-contentful-paint")} ms`,
    );
  } catch (error) {
    console.log(`${label}: ${(error as Error).message}`);
  }
}

/** The fake Nominatim of the tests, in its own process (apps/server/src/test/fakes/serve-nominatim-fake.ts). */
async function startFake() {
  const port = 3990 + Math.floor(Math.random() * 9);
  const child = spawn("npx", ["tsx", "apps/server/src/test/fakes/serve-nominatim-fake.ts", String(port)], {
    cwd: ROOT,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/status`);
      break;
    } catch {
      if (i > 200) throw new Error("the fake Nominatim did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, close: () => child.kill("SIGTERM") };
}

const fake = await startFake();
try {
  const pglite = await measure("PGlite", {}, fake.url, process.env.BENCH_LIGHTHOUSE !== "0");
  const pg = await postgresUrl("doorstep_bench_local_area");
  if (pg) await measure("PostgreSQL", { DATABASE_URL: pg }, fake.url, false);
  else console.log("PostgreSQL: none answers at BENCH_DATABASE_URL / TEST_DATABASE_URL; skipped");
  // The ceiling: nginx serving the same JSON answer from this machine, one worker.
  const nginx = await serveStatic(pglite.body, { workers: 1 });
  try {
    const ceiling = wrk(nginx.url, { connections: 8, seconds: 10 });
    console.log(`ceiling: ${nginx.version} serving the same JSON: p50 ${ceiling.p50.toFixed(2)} ms (${cell(ceiling)})`);
  } finally {
    nginx.stop();
  }
} finally {
  fake.close();
}
