// One bulk update (BULK-01…05) over 1,000 properties of one account, through the API on the compiled server:
// the check (apply false, every property would change) and the applied update (a primary colour that
// alternates, so every run changes all 1,000), each timed from request to answer; p50 and p99 are printed.
// PostgreSQL by default (BENCH_DATABASES=pglite,postgres for both). From the repository root:
// `npx tsx bench/bulk-update.ts` (BENCH_PREVIEWS=20 and BENCH_APPLIES=10 by default).
import { onEachDatabase, settle, startServer } from "./lib.ts";
import { createProperties, signUpHost } from "./seed.ts";

const COUNT = Number(process.env.BENCH_PROPERTIES ?? 1000);
const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 20);
const APPLIES = Number(process.env.BENCH_APPLIES ?? 10);
const COLOURS = ["#224466", "#664422"];

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

process.env.BENCH_DATABASES ??= "postgres";
await onEachDatabase("bench_bulk_update", async (database, env) => {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const host = await signUpHost(server.url, "Manager");
    await createProperties(host, COUNT);
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);
    const propertyIds = Array.from({ length: COUNT }, (_, n) => `bench-flat-${n}`).join(", ");

    const run = async (values: string, apply: boolean) => {
      const t0 = performance.now();
      const res = await host.api("POST", "/api/bulk-updates", { propertyIds, key: "PrimaryColour", values, apply });
      const took = performance.now() - t0;
      if (res.status !== 200) throw new Error(`bulk update failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { results: { status: string }[] };
      const wanted = apply ? "updated" : "will-update";
      const changed = body.results.filter((r) => r.status === wanted).length;
      if (changed !== COUNT) throw new Error(`${changed} of ${COUNT} ${wanted}`);
      return took;
    };

    const previews: number[] = [];
    const applies: number[] = [];
    for (let i = 0; i < APPLIES; i++) {
      const colour = COLOURS[i % 2]!;
      // The check before each apply sees every property differ from the colour about to be set.
      for (let j = 0; j < Math.ceil(PREVIEWS / APPLIES); j++) previews.push(await run(colour, false));
      applies.push(await run(colour, true));
    }
    console.log(
      `${database}, ${COUNT} properties: check p50 ${ms(percentile(previews, 50))}, p99 ${ms(percentile(previews, 99))} (${previews.length} runs); ` +
        `apply p50 ${ms(percentile(applies, 50))}, p99 ${ms(percentile(applies, 99))} (${applies.length} runs)`,
    );
  } finally {
    await server.stop();
  }
});
