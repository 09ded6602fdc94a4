// /api/stays with 50,000 stays in one account (decision 040): p50 and p99 of the first page of each tab, of a
// search by a common name and by a rare one, and of the second page; then, on PostgreSQL, the plans of the
// list's statements (EXPLAIN), to show which indexes they use. Stays are made through the API, twenty at a time,
// over 100 properties, each property's stays one after another (two to four nights, a day between), from about
// five years back to half a year ahead, and one stay in 500 overlapping its neighbour (a double booking).
// From the repository root: `npx tsx bench/stays.ts` (BENCH_STAYS=50000, BENCH_DATABASES=pglite,postgres).
import autocannon from "autocannon";
import pg from "pg";
import { onEachDatabase, settle, startServer } from "./lib.ts";
import { createProperties, signUpHost, type Host } from "./seed.ts";

const COUNT = Number(process.env.BENCH_STAYS ?? 50_000);
const PROPERTIES = 100;
const FIRST = ["Maria", "José", "Anna", "Liam", "Olivia", "Noah", "Emma", "Lucas", "Mia", "Hugo", "Zoë", "Aiko"];
const LAST = ["Silva", "Müller", "Smith", "García", "Rossi", "Dubois", "Kowalski", "Jensen", "Sato", "Murphy"];
const DAY = 86_400_000;

async function createStays(host: Host, count: number) {
  const today = Date.now();
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const n = i + j;
        // The k-th stay of its property, every five days; one in 500 moved a day earlier, onto the one before.
        const k = Math.floor(n / PROPERTIES);
        const start = today + (k * 5 - 1830 - (n % 500 === 7 ? 3 : 0)) * DAY;
        const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
        const res = await host.api("POST", "/api/stays", {
          propertyId: `bench-flat-${n % PROPERTIES}`,
          // One guest in 10,000 has a name nobody else has: the rare search.
          guestFirstName: n % 10_000 === 1 ? "Ottoline" : FIRST[n % FIRST.length],
          guestLastName: LAST[Math.floor(n / FIRST.length) % LAST.length],
          checkInDate: day(start),
          checkOutDate: day(start + (2 + (n % 3)) * DAY),
          adults: 2,
        });
        if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** The list's statement as stays.repository.ts writes it (its shape; the values are a tab's). */
const listSql = (where: string, order: string) => `
  select page.*, (page.status = 'confirmed' and exists (select 1 from stays o where o.property_id = page.property_id
      and o.id <> page.id and o.status = 'confirmed' and o.check_in_at < page.check_out_at
      and o.check_out_at > page.check_in_at)) as dbl
  from (select s.*, p.property_id as weblink, p.title, p.time_zone
    from stays s join (select id, property_id, title, time_zone from properties
      where is_shared = false and archived_at is null) p on p.id = s.property_id
    where s.account_id = $1 and ${where}
    order by ${order} limit 51) page
  order by ${order.replaceAll("s.", "page.")}`;

async function explain(url: string, accountId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const from = `s.check_in_at >= (select min(a.check_in_at) from (select u.check_in_at from stays u
      where u.account_id = $1 and u.status = 'confirmed' and u.check_out_at > now() offset 0) a)`;
    const plans: [string, string][] = [
      ["upcoming", listSql(`s.status = 'confirmed' and s.check_out_at > now() and ${from}`, "s.check_in_at, s.id")],
      [
        "past",
        listSql(
          "s.status = 'confirmed' and s.check_out_at <= now() and s.check_in_at < now()",
          "s.check_in_at desc, s.id desc",
        ),
      ],
      [
        "search",
        listSql(
          "s.status = 'confirmed' and s.check_out_at <= now() and s.guest_search like '%ottoline%'",
          "s.check_in_at desc, s.id desc",
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
