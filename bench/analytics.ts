// Analytics budgets (docs/architecture.md §9), on PostgreSQL: the visits view — unique sessions per day by
// device, mobile split QR code vs link, for 30 days and the 30 days before — over 10 M visits: p99 ≤ 50 ms for a
// manager with 200 properties, ≤ 10 ms for one property; the section report over 30 days and 10 M section
// events: p99 ≤ 100 ms. Fills a scratch database with BENCH_VISITS visits and BENCH_EVENTS section events
// (default 10 M each) over a year, 2,000 properties with 30 items each, one manager owning 200 of them, then
// times the queries GET /api/analytics/visits and GET /api/analytics/sections run, one after the other (the
// server runs the section report's in parallel, so this is the slower bound), and, for contrast, the visits
// answer computed from the raw visits. Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
// else local. The fill takes a quarter of an hour on two cores: BENCH_KEEP=1 keeps the filled database and
// BENCH_REUSE=1 times again on it (after applying any new migration) without filling.
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ROOT } from "./lib.ts";

const VISITS = Number(process.env.BENCH_VISITS ?? 10_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const ITEMS_PER_PROPERTY = 30;
const SECTIONS = [
  "arrival",
  "wifi-and-tech",
  "house-rules",
  "the-home",
  "appliances",
  "getting-around",
  "safety",
  "check-out",
];
const PROPERTIES = 2000;
const BIG_ACCOUNT_PROPERTIES = 200;
const RUNS = 200;
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "doorstep_bench_analytics";
const url = new URL(base);
url.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: base });
await admin.connect();
const reuse =
  process.env.BENCH_REUSE === "1" &&
  (await admin.query(`select 1 from pg_database where datname = $1`, [name])).rowCount === 1;
if (!reuse) {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
}

const client = new pg.Client({ connectionString: url.toString() });
try {
  await client.connect();
  // The product's own migrations, as the server applies them at start.
  await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "apps/server/src/db/migrations") });
  if (!reuse) await fill();
  else await client.query("vacuum analyze");
  const big = (await client.query(`select account_id from properties where property_id = 'bench-1'`)).rows[0]
    .account_id as string;

  const time = async (sql: string, params: unknown[], runs = RUNS) => {
    const ms: number[] = [];
    let rows = 0;
    for (let i = 0; i < runs + 5; i++) {
      const t0 = performance.now();
      rows = (await client.query(sql, params)).rowCount ?? 0;
      if (i >= 5) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(runs / 2)]!, p99: ms[Math.min(runs - 1, Math.floor(runs * 0.99))]!, rows };
  };
  // The endpoint's queries (sumRollup): one read covers the range and the previous range of the same length,
  // from the account rollup for All Properties and from the property rollup for one property.
  const endpoint = (oneProperty: boolean) =>
    oneProperty
      ? `select day, device_type, source, sessions from guide_visit_days
         where account_id = $1 and property_id = $4 and day >= $2 and day <= $3`
      : `select day, device_type, source, sessions from guide_visit_account_days
         where account_id = $1 and day >= $2 and day <= $3`;
  const raw = `select visit_day, device_type, case when utm_source = 'qr-code' then 'qr-code' when utm_source = 'stay-link' then 'stay-link' else 'link' end as source, count(*)::int
               from guide_visits where account_id = $1 and created_at > now() - interval '60 days' group by 1, 2, 3 order by 1`;
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  // Last 30 days and the 30 before them, as the page asks for "Last 30 Days".
  const [from, to] = [day(59), day(0)];
  const small = (await client.query(`select account_id from properties where property_id = 'bench-${PROPERTIES}'`))
    .rows[0].account_id as string;
  const oneOfBig = (await client.query(`select id from properties where property_id = 'bench-1'`)).rows[0].id as string;
  const cases: [label: string, sql: string, params: unknown[], budget: number][] = [
    [`manager with ${BIG_ACCOUNT_PROPERTIES} properties, All Properties`, endpoint(false), [big, from, to], 50],
    ["one property of that manager", endpoint(true), [big, from, to, oneOfBig], 10],
    ["host with 2 properties, All Properties", endpoint(false), [small, from, to], 10],
  ];
  for (const [label, sql, params, budget] of cases) {
    const r = await time(sql, params);
    console.log(
      `visits view (30 days + previous 30), ${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.rows} rows; budget ${budget} ms)`,
    );
  }
  // The section report (section-analytics.service.ts): the range's sessions, sections and languages, the top
  // items, and the guide outline (content-outline.repository.ts), for 30 days.
  const [from30] = [day(29)];
  const sectionQueries = (account: string, property: string | null): [string, unknown[]][] => [
    property
      ? [
          `select day, device_type, source, sessions from guide_visit_days where account_id = $1 and property_id = $4 and day >= $2 and day <= $3`,
          [account, from30, to, property],
        ]
      : [
          `select day, device_type, source, sessions from guide_visit_account_days where account_id = $1 and day >= $2 and day <= $3`,
          [account, from30, to],
        ],
    property
      ? [
          `select kind, key, sum(sessions)::int from guide_engagement_days where account_id = $1 and property_id = $4 and kind <> 'item' and day >= $2 and day <= $3 group by kind, key`,
          [account, from30, to, property],
        ]
      : [
          `select kind, key, sum(sessions)::int from guide_engagement_account_days where account_id = $1 and day >= $2 and day <= $3 group by kind, key`,
          [account, from30, to],
        ],
    [
      `select key, sum(sessions)::int as s from guide_engagement_days where account_id = $1 ${property ? "and property_id = $4" : "and $4::uuid is null"} and kind = 'item' and day >= $2 and day <= $3 group by key order by s desc, key limit 30`,
      [account, from30, to, property],
    ],
    [
      `select distinct i.category_label, p.theme_label from content_items i join properties p on p.id = i.property_id
       where i.account_id = $1 and p.account_id = $1 and not p.is_shared and p.archived_at is null and btrim(i.title) <> ''
       ${property ? "and i.property_id = $2" : "and $2::uuid is null"}`,
      [account, property],
    ],
    // The titles of the top items (the service asks for the ones the previous query found).
    [
      `select i.id, i.category_label, i.title, p.title, p.theme_label from content_items i join properties p on p.id = i.property_id
       where i.account_id = $1 and p.account_id = $1 and not p.is_shared and p.archived_at is null and btrim(i.title) <> ''
       and i.id in (select i2.id from content_items i2 where i2.account_id = $1 order by i2.id limit 30)`,
      [account],
    ],
  ];
  const timeAll = async (queries: [string, unknown[]][]) => {
    const ms: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const t0 = performance.now();
      for (const [sql, params] of queries) await client.query(sql, params);
      if (i >= 5) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(RUNS / 2)]!, p99: ms[Math.min(RUNS - 1, Math.floor(RUNS * 0.99))]! };
  };
  for (const [label, account, property] of [
    [`manager with ${BIG_ACCOUNT_PROPERTIES} properties, All Properties`, big, null],
    ["one property of that manager", big, oneOfBig],
  ] as const) {
    const r = await timeAll(sectionQueries(account, property));
    console.log(
      `section report (30 days), ${label}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (budget 100 ms)`,
    );
  }
  // Seconds per run: a few runs make the point.
  const w = await time(raw, [big], 5);
  console.log(
    `for contrast, the manager's 60 days from raw visits: p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms`,
  );
} finally {
  await client.end().catch(() => undefined);
  if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** 10 M visits over a year and both rollups, as the app would have kept them visit by visit. */
async function fill(): Promise<void> {
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
    select account_id, property_id, visit_day, device_type, case when utm_source = 'qr-code' then 'qr-code' when utm_source = 'stay-link' then 'stay-link' else 'link' end, count(*)
    from guide_visits group by 1, 2, 3, 4, 5`);
  await client.query(`
    insert into guide_visit_account_days (account_id, day, device_type, source, sessions)
    select account_id, day, device_type, source, sum(sessions) from guide_visit_days group by 1, 2, 3, 4`);
  await fillSections(big);
  await client.query("vacuum analyze");
  const counts = (
    await client.query(
      `select (select count(*) from guide_visits) as visits, (select count(*) from guide_visit_days) as days,
              (select count(*) from guide_engagement_events) as events, (select count(*) from guide_engagement_days) as section_days`,
    )
  ).rows[0];
  console.log(
    `filled ${counts.visits} visits, ${counts.days} rollup rows, ${counts.events} section events, ${counts.section_days} section rollup rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/**
 * 30 items per property and section events over the same year: sessions of about eight events (the language,
 * four sections, three items), a fifth of them on the manager's properties, and the rollups as the app keeps them.
 */
async function fillSections(big: string): Promise<void> {
  await client.query(`
    insert into content_items (account_id, property_id, category_label, label, is_custom_label, info_type, title, list_rank, content_version)
    select p.account_id, p.id, (array['${SECTIONS.join("','")}'])[1 + k % ${SECTIONS.length}], 'item-' || k, true, 'custom', 'Item ' || k, k, 1
    from properties p cross join generate_series(0, ${ITEMS_PER_PROPERTY - 1}) k`);
  await client.query(
    `
    with p as (select id, account_id, row_number() over (order by (account_id <> $1), id) - 1 as n from properties),
    draws as (
      select g, r.n, r.day, r.kind, r.pick
      from generate_series(1, ${EVENTS}) g
      cross join lateral (
        select case when g > 0 and random() < 0.2 then floor(random() * ${BIG_ACCOUNT_PROPERTIES})
                    else ${BIG_ACCOUNT_PROPERTIES} + floor(random() * ${PROPERTIES - BIG_ACCOUNT_PROPERTIES}) end as n,
               floor(random() * 365)::int as day,
               (array['language','section','section','section','section','item','item','item'])[1 + (g % 8)] as kind,
               floor(random() * ${ITEMS_PER_PROPERTY})::int as pick
      ) r
    )
    insert into guide_engagement_events (account_id, property_id, day, tracking_session_id, kind, key, created_at)
    select p.account_id, p.id, (current_date - d.day)::date, md5((d.g / 8)::text), d.kind,
           case d.kind when 'language' then (array['en','fr','de','es','it','nl'])[1 + d.pick % 6]
                       when 'section' then (array['${SECTIONS.join("','")}'])[1 + d.pick % ${SECTIONS.length}]
                       else (select i.id::text from content_items i where i.property_id = p.id and i.list_rank = d.pick) end,
           now() - (d.day || ' days')::interval
    from draws d join p on p.n = d.n
    on conflict do nothing`,
    [big],
  );
  await client.query(`
    insert into guide_engagement_days (account_id, property_id, day, kind, key, sessions)
    select account_id, property_id, day, kind, key, count(*) from guide_engagement_events group by 1, 2, 3, 4, 5`);
  await client.query(`
    insert into guide_engagement_account_days (account_id, day, kind, key, sessions)
    select account_id, day, kind, key, sum(sessions) from guide_engagement_days where kind <> 'item' group by 1, 2, 3, 4`);
}
