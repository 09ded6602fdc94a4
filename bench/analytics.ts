// Analytics budget (docs/architecture.md §9): a 30-day breakdown — unique sessions per day by device,
// mobile split QR code vs link — over 10 M visits in ≤ 100 ms on PostgreSQL. Fills a scratch database with
// BENCH_VISITS visits (default 10 M) over a year, 2,000 properties, one manager owning 200 of them, then
// times the breakdown the analytics screen runs (the daily rollup) and, for contrast, the same answer
// computed from the raw visits. Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else local.
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ROOT } from "./lib.ts";

const VISITS = Number(process.env.BENCH_VISITS ?? 10_000_000);
const PROPERTIES = 2000;
const BIG_ACCOUNT_PROPERTIES = 200;
const RUNS = 50;
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "doorstep_bench_analytics";
const url = new URL(base);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);

const client = new pg.Client({ connectionString: url.toString() });
try {
  await client.connect();
  // The product's own migrations, as the server applies them at start.
  await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "apps/server/src/db/migrations") });
  const started = performance.now();
  // 1,001 accounts: one manager with 200 properties, a thousand hosts with 1 or 2.
  await client.query(
    `insert into accounts (trial_ends_at) select now() + interval '14 days' from generate_series(1, 1001)`,
  );
  await client.query(`
    with a as (select id, row_number() over (order by id) as n from accounts),
         p as (select g, case when g <= ${BIG_ACCOUNT_PROPERTIES} then 1 else 2 + (g % 1000) end as account_n from generate_series(1, ${PROPERTIES}) g)
    insert into properties (account_id, property_id, title, guide_session_token)
    select a.id, 'bench-' || p.g, 'Property ' || p.g, md5(p.g::text) from p join a on a.n = p.account_n`);
  const big = (await client.query(`select account_id from properties where property_id = 'bench-1'`)).rows[0]
    .account_id as string;

  // Visits: a year of days, the manager's properties busier (a fifth of all visits), devices 60/30/10
  // mobile/desktop/tablet, a third of mobile visits from the QR code.
  await client.query("select setseed(0.42)");
  await client.query(
    `
    with p as (select id, account_id, row_number() over (order by (account_id <> $1), id) - 1 as n from properties)
    insert into guide_visits (account_id, property_id, tracking_session_id, device_type, utm_source, visit_day, created_at)
    select p.account_id, p.id, md5(g::text), r.device, case when r.device = 'mobile' and r.qr < 1.0 / 3 then 'qr-code' end,
           (current_date - r.day)::date, now() - (r.day || ' days')::interval
    from generate_series(1, ${VISITS}) g
    cross join lateral (
      -- "g > 0" ties the draw to the row, so PostgreSQL draws anew for each visit.
      select case when g > 0 and random() < 0.2 then floor(random() * ${BIG_ACCOUNT_PROPERTIES})
                  else ${BIG_ACCOUNT_PROPERTIES} + floor(random() * ${PROPERTIES - BIG_ACCOUNT_PROPERTIES}) end as n,
             floor(random() * 365)::int as day,
             (array['mobile','mobile','mobile','mobile','mobile','mobile','desktop','desktop','desktop','tablet'])[1 + floor(random() * 10)::int] as device,
             random() as qr
    ) r
    join p on p.n = r.n`,
    [big],
  );
  // The rollup as the app keeps it, visit by visit (visits.repository.ts), built here in one statement.
  await client.query(`
    insert into guide_visit_days (account_id, property_id, day, device_type, source, sessions)
    select account_id, property_id, visit_day, device_type, case when utm_source = 'qr-code' then 'qr-code' else 'link' end, count(*)
    from guide_visits group by 1, 2, 3, 4, 5`);
  await client.query("vacuum analyze");
  const counts = (
    await client.query(
      `select (select count(*) from guide_visits) as visits, (select count(*) from guide_visit_days) as days`,
    )
  ).rows[0];
  console.log(
    `filled ${counts.visits} visits, ${counts.days} rollup rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const time = async (sql: string, params: unknown[]) => {
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      rows = (await client.query(sql, params)).rowCount ?? 0;
      if (i >= 5) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(RUNS / 2)]!, p99: ms[Math.min(RUNS - 1, Math.floor(RUNS * 0.99))]!, rows };
  };
  const rollup = `select day, device_type, source, sum(sessions)::int as sessions from guide_visit_days
                  where account_id = $1 and day > current_date - 30 group by 1, 2, 3 order by 1`;
  const raw = `select visit_day, device_type, case when utm_source = 'qr-code' then 'qr-code' else 'link' end as source, count(*)::int
               from guide_visits where account_id = $1 and created_at > now() - interval '30 days' group by 1, 2, 3 order by 1`;
  const small = (await client.query(`select account_id from properties where property_id = 'bench-${PROPERTIES}'`))
    .rows[0].account_id as string;
  for (const [label, account] of [
    [`manager with ${BIG_ACCOUNT_PROPERTIES} properties`, big],
    ["host with 2 properties", small],
  ] as const) {
    const r = await time(rollup, [account]);
    const w = await time(raw, [account]);
    console.log(
      `30-day breakdown, ${label}: rollup p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.rows} rows; budget 100 ms); from raw visits p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms`,
    );
  }
} finally {
  await client.end().catch(() => undefined);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
