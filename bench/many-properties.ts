// Managing many properties, timed end to end through the API on the compiled server, on PGlite and
// on PostgreSQL: one bulk update (one key) over 200 properties — the check and the applied update — and the
// duplicate of a guide with 30 items (each with two translations and a sub-item), 10 of them with a photo
// (2000×1333 JPEGs), from the POST until the copy reports done. Standalone, from the repository root:
// `npx tsx bench/many-properties.ts` (BENCH_ROUNDS=3 by default; the median and the worst are printed).
import sharp from "sharp";
import { postgresUrl, startServer } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROPERTIES = 200;
const ITEMS = 30;
const PHOTOS = 10;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function photo(seed: number): Promise<Buffer> {
  // Noise compresses like a photograph (a flat image would be a few KB).
  const width = 2000;
  const height = 1333;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = (x >>> 24) & 0x3f;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        firstName: "Host",
        email: `bench-many-${Date.now()}@example.com`,
        password: "correct-horse-battery",
      }),
    });
    const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
    const headers = { cookie, origin: server.url };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const run = Date.now().toString(36);

    const ids: string[] = [];
    for (let i = 0; i < PROPERTIES; i += 1) {
      const propertyId = `bulk-${run}-${i}`;
      await call("POST", "/api/properties", { title: `Flat ${i}`, propertyId });
      ids.push(propertyId);
    }
    const bulk = async (values: string, apply: boolean) => {
      const started = performance.now();
      const result = (await call("POST", "/api/bulk-updates", {
        propertyIds: ids.join(", "),
        key: "LanguageTranslations",
        values,
        apply,
      })) as { results: { status: string }[] };
      const took = performance.now() - started;
      const expected = apply ? "updated" : "will-update";
      if (result.results.filter((r) => r.status === expected).length !== PROPERTIES) throw new Error("bulk: not all");
      return took;
    };
    const checks: number[] = [];
    const applies: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const values = round % 2 ? "fr, de" : "es, it";
      checks.push(await bulk(values, false));
      applies.push(await bulk(values, true));
    }

    // The guide to copy: 30 items, two translations and a sub-item each, 10 photos, and a cover.
    const source = `dup-${run}`;
    await call("POST", "/api/properties", { title: "Source Guide", propertyId: source });
    await call("PATCH", `/api/properties/${source}`, { languageTranslations: ["fr", "de"] });
    const upload = async (path: string, body: Buffer) => {
      const form = new FormData();
      form.append("file", new Blob([body], { type: "image/jpeg" }), "photo.jpg");
      const res = await fetch(`${server.url}${path}`, { method: "PUT", headers, body: form });
      if (!res.ok) throw new Error(`upload ${path}: ${res.status} ${await res.text()}`);
    };
    await upload(`/api/properties/${source}/cover`, await photo(0));
    for (let i = 0; i < ITEMS; i += 1) {
      const { item } = (await call("POST", `/api/properties/${source}/content/items`, {
        categoryLabel: "the-home",
        title: `Item ${i}`,
        detailText: `<p>How item ${i} works, in a few sentences a host would write.</p>`,
        translations: [
          { language: "fr", action: "create", title: `Objet ${i}` },
          { language: "de", action: "create", title: `Ding ${i}` },
        ],
        subItems: [{ action: "create", type: "text", detailText: `Tip ${i}` }],
      })) as { item: { id: string } };
      if (i < PHOTOS)
        await upload(`/api/properties/${source}/content/items/${item.id}/media/image`, await photo(i + 1));
    }
    const copies: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      const { copy } = (await call("POST", `/api/properties/${source}/duplicate`, {
        title: `Copy ${round}`,
        propertyId: `${source}-copy-${round}`,
      })) as { copy: { id: string } };
      for (;;) {
        const now = (await call("GET", `/api/property-copies/${copy.id}`)) as { copy: { status: string } };
        if (now.copy.status === "done") break;
        if (now.copy.status === "failed") throw new Error("copy failed");
        await new Promise((r) => setTimeout(r, 20));
      }
      copies.push(performance.now() - started);
    }
    console.log(
      `| ${label} | ${ms(median(checks))} (worst ${ms(Math.max(...checks))}) | ${ms(median(applies))} (worst ${ms(Math.max(...applies))}) | ${ms(median(copies))} (worst ${ms(Math.max(...copies))}) |`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`${ROUNDS} rounds each; median (worst).`);
console.log(
  `| Database | Check ${PROPERTIES} (one key) | Apply to ${PROPERTIES} | Duplicate ${ITEMS} items, ${PHOTOS} photos |`,
);
console.log("|---|---|---|---|");
await measure("PGlite", {});
const url = await postgresUrl("doorstep_bench_many");
if (url) await measure("PostgreSQL", { DATABASE_URL: url });
else console.log("PostgreSQL: not reachable, skipped (set BENCH_DATABASE_URL)");
