// Save latency of one content item with 10 sub-items and 5 translations (reported in change notes): the
// PATCH that the item editor's Save sends, item + translations + sub-items in one transaction.
// Standalone, from the repository root: `npx tsx bench/content-save.ts` (BENCH_ROUNDS=200 by default).
// It starts its own server (scripts/start.mjs) on a fresh PGlite data dir; the first WARMUP saves are
// left out of the figures.
import { startServer } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = Math.min(20, Math.floor(ROUNDS / 10));
const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Host",
      email: `bench-content-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const { property } = (await call("POST", "/api/properties", {
    title: "Bench Cottage",
    propertyId: `bench-content-${Date.now()}`,
  })) as { property: { propertyId: string } };
  const base = `/api/properties/${property.propertyId}/content`;
  const text =
    '<h2>Heating</h2><p>Turn the <strong>thermostat</strong> to 20°C. <a href="https://example.com">Manual</a></p><ul><li>One</li><li>Two</li></ul>';
  const languages = ["fr", "de", "es", "it", "nl"];
  const subItems = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      i % 2
        ? { action: "create", type: "button", buttonLabel: `Open ${i + 1}`, buttonLink: "https://example.com" }
        : { action: "create", type: "text", detailText: `Step ${i + 1}` },
    );
  const translations = (action: string, round: number) =>
    languages.map((language) => ({
      language,
      action,
      title: `Titre ${round}`,
      detailText: `<p>${language} ${round}</p>`,
    }));

  const created = (await call("POST", `${base}/items`, {
    categoryLabel: "heating-and-cooling",
    title: "Heating",
    detailText: text,
    translations: translations("create", 0),
    subItems: subItems(10),
  })) as {
    item: { id: string; subItems: { id: string }[] };
  };
  const times: number[] = [];
  for (let round = 1; round <= WARMUP + ROUNDS; round++) {
    // Every save rewrites the item, the 5 translations and the 10 sub-items, as the editor does.
    const { item } = (await call("GET", `${base}/items/${created.item.id}`)) as {
      item: { contentVersion: number; subItems: { id: string; type: string }[] };
    };
    const body = {
      title: `Heating ${round}`,
      detailText: text,
      expectedVersion: item.contentVersion,
      translations: translations("update", round),
      subItems: item.subItems.map((s, i) =>
        s.type === "text"
          ? { action: "update", id: s.id, detailText: `Step ${i + 1} (${round})` }
          : { action: "update", id: s.id, buttonLabel: `Open ${i + 1} (${round})` },
      ),
    };
    const t0 = performance.now();
    await call("PATCH", `${base}/items/${created.item.id}`, body);
    if (round > WARMUP) times.push(performance.now() - t0);
  }
  const createTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await call("POST", `${base}/items`, {
      categoryLabel: "heating-and-cooling",
      title: `New ${i}`,
      detailText: text,
      translations: translations("create", i),
      subItems: subItems(10),
    });
    createTimes.push(performance.now() - t0);
  }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(1);
  console.log(
    `content save (10 sub-items, 5 translations), ${ROUNDS} PATCHes: p50 ${pct(times, 50)} ms, p95 ${pct(times, 95)} ms, p99 ${pct(times, 99)} ms`,
  );
  console.log(
    `content create (10 sub-items, 5 translations), 20 POSTs: p50 ${pct(createTimes, 50)} ms, p95 ${pct(createTimes, 95)} ms`,
  );
} finally {
  await server.stop();
}
