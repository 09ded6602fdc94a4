// /api/stays with 50,000 stays in one account (decision 040): p50 and p99 of the first page of each tab, of a
// search by a common name and by a rare one, and of the second page; then, on PostgreSQL, the plans of the
// list's statements (EXPLAIN), to show they walk stays_account_check_in_idx. Stays are made through the API,
// twenty at a time, over 20 properties, check-ins from three years back to one year ahead (three quarters past).
// From the repository root: `npx tsx bench/stays.ts` (BENCH_STAYS=50000, BENCH_DATABASES=pglite,postgres).
import autocannon from "autocannon";
import pg from "pg";
import { onEachDatabase, settle, startServer } from "./lib.ts";
import { createProperties, signUpHost, type Host } from "./seed.ts";

const COUNT = Number(process.env.BENCH_STAYS ?? 50_000);
const PROPERTIES = 20;
const FIRST = ["Maria", "José", "Anna", "Liam", "Olivia", "Noah", "Emma", "Lucas", "Mia", "Hugo", "Zoë", "Aiko"];
const LAST = ["Silva", "Müller", "Smith", "García", "Rossi", "Dubois", "Kowalski", "Jensen", "Sato", "Murphy"];
const DAY = 86_400_000;

async function createStays(host: Host, count: number) {
  const today = Date.now();
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const n = i + j;
        const start = today + Math.round(((n * 7919) % 1460) - 1095) * DAY;
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const res = await host.api("POST", "/api/stays", {
          propertyId: `bench-flat-${n % PROPERTIES}`,
          // One guest in 10,000 has a name nobody else has: the rare search.
          guestFirstName: n % 10_000 === 1 ? "Ottoline" : FIRST[n % FIRST.length],
          guestLastName: LAST[Math.floor(n / FIRST.length) % LAST.length],
          checkInDate: day(start),
          checkOutDate: day(start + (2 + (n % 5)) * DAY),
          adults: 2,
        });
        if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** The list's statement as stays.repository.ts writes it (its shape; the values are a tab's). */
const listSql = (where: string, order: string) => `
  select s.*, p.property_id, p.title, p.time_zone,
    (s.status = 'confirmed' and exists (select 1 from stays o where o.property_id = s.property_id and o.id <> s.id
      and o.status = 'confirmed' and o.check_in_at < s.check_out_at and o.check_out_at > s.check_in_at)) as dbl
  from stays s join (select id, property_id, title, time_zone from properties where is_shared = false and archived_at is null) p
    on p.id = s.property_id
  where s.account_id = $1 and ${where}
  order by ${order} limit 51`;

async function explain(url: string, accountId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: [string, string][] = [
      ["upcoming", listSql("s.status = 'confirmed' and s.check_out_at > now()", "s.check_in_at, s.id")],
      ["past", listSql("s.status = 'confirmed' and s.check_out_at <= now()", "s.check_in_at desc, s.id desc")],
      [
        "search",
        listSql(
          "s.status = 'confirmed' and s.check_out_at > now() and s.guest_search like '%ottoline%'",
          "s.check_in_at, s.id",
        ),
      ],
    ];
    for (const [name, text] of plans) {
      const { rows } = await client.query(`explain (analyze, costs off, timing off, summary on) ${text}`, [accountId]);
      console.log(`  EXPLAIN ${name}:\n${rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}`);
    }
  } finally {
    await client.end();
  }
}

await onEachDatabase("bench_stays", async (database, env) => {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const host = await signUpHost(server.url, "Manager");
    await createProperties(host, PROPERTIES);
    const started = performance.now();
    await createStays(host, COUNT);
    console.log(`${database}: created ${COUNT} stays in ${Math.round((performance.now() - started) / 1000)} s`);
    if (env.DATABASE_URL) await settle(env.DATABASE_URL);

    const first = (await (await host.api("GET", "/api/stays?tab=past")).json()) as { nextCursor: string };
    for (const path of [
      "/api/stays",
      "/api/stays?tab=past",
      "/api/stays?tab=cancelled",
      `/api/stays?tab=past&cursor=${first.nextCursor}`,
      "/api/stays?tab=past&q=maria",
      "/api/stays?tab=upcoming&q=ottoline",
      "/api/stays?tab=past&q=ottoline",
      "/api/stays?propertyId=bench-flat-3",
    ]) {
      const one = await autocannon({
        url: `${server.url}${path}`,
        headers: { cookie: host.cookie },
        connections: 1,
        duration: 5,
      });
      console.log(
        `${database} GET ${path}: p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms (${one.requests.total} requests, non-2xx ${one.non2xx})`,
      );
    }
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query("select account_id from stays limit 1");
      await client.end();
      await explain(env.DATABASE_URL, (rows[0] as { account_id: string }).account_id);
    }
  } finally {
    await server.stop();
  }
});
