// Scheduled guest messages at scale (decision 050), on PostgreSQL:
// 1. 100,000 future stays (BENCH_STAYS) over 100 properties of one account, written by SQL (the stays' own
//    speed is bench/stays.ts), then four rules switched on through the API, one after another: each request's
//    time, and the time until the background job "plan-rule-messages" has scheduled its message for every stay;
//    and the queue's size (rows, table and index bytes, pg-boss's jobs).
// 2. The idle cost: the server and its database backends' CPU over BENCH_IDLE_SECONDS (default 120) with
//    nothing due, as a share of one core and as CPU-seconds per hour; and the plan of the sender's claim.
// 3. The end-to-end delay from a stay's creation (the POST) to its booking confirmation in the outbox, over
//    BENCH_DELAY_STAYS (default 100) stays made one after another: p50 and p99.
// From the repository root: `npx tsx bench/scheduled-messages.ts`.
import pg from "pg";
import { cpuMsOf, databaseBackends, postgresUrl, processTree, settle, startServer, usedBetween } from "./lib.ts";
import { createProperties, signUpHost, type Host } from "./seed.ts";

const STAYS = Number(process.env.BENCH_STAYS ?? 100_000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
const DELAY_STAYS = Number(process.env.BENCH_DELAY_STAYS ?? 100);
const PROPERTIES = 100;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

interface RuleJson {
  id: string;
  name: string;
  trigger: string;
  days: number;
  atTime: string;
  texts: object;
}

async function json(res: Response): Promise<{ items: RuleJson[] }> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as { items: RuleJson[] };
}

/** The account's stays, two days to a year ahead, each with an email, by SQL (no rule is on yet). */
async function insertStays(db: pg.Client, accountId: string) {
  const started = performance.now();
  await db.query(
    `insert into stays (account_id, property_id, guest_first_name, guest_last_name, guest_search, guest_email,
       guest_language, check_in_date, check_in_time, check_out_date, check_out_time, check_in_at, check_out_at,
       source, created_at, updated_at)
     select $1, p.id, 'Guest', 'N' || g, 'guest n' || g, 'guest' || g || '@example.com', 'en',
       (current_date + 2 + (g % 360)), '15:00', (current_date + 5 + (g % 360)), '11:00',
       (current_date + 2 + (g % 360))::timestamp + time '15:00', (current_date + 5 + (g % 360))::timestamp + time '11:00',
       'api', now(), now()
     from generate_series(1, $2::int) g
     join lateral (select id from properties where account_id = $1 and property_id = 'bench-flat-' || (g % ${PROPERTIES})) p on true`,
    [accountId, STAYS],
  );
  console.log(`  ${STAYS} stays written by SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function scale(url: string, host: Host, db: pg.Client) {
  const { rows } = await db.query<{ account_id: string }>(
    "select account_id from properties where property_id = 'bench-flat-0'",
  );
  const accountId = rows[0]!.account_id;
  await insertStays(db, accountId);
  await settle(url);
  const list = await json(await host.api("GET", "/api/message-rules"));
  type Rule = RuleJson;
  // The three timed suggestions and one rule of our own: a booking confirmation switched on for stays that are
  // already booked would send 100,000 emails at once (the already-passed rule), which is not the idle case.
  const timed = (list.items as Rule[]).filter((r) => r.trigger !== "booked");
  const rules = [
    ...timed.map((r) => ({ id: r.id, body: { ...r, active: true } })),
    {
      id: null,
      body: { name: "Check-in day", trigger: "check-in-day", atTime: "16:00", texts: timed[0]!.texts, active: true },
    },
  ];
  let total = 0;
  let totalDone = 0;
  for (const rule of rules) {
    const { name, trigger, days, atTime, texts, active } = rule.body as Rule & { active: boolean };
    const body = { name, trigger, days, atTime, texts, active };
    const started = performance.now();
    const saved = (await (
      await host.api(rule.id ? "PUT" : "POST", rule.id ? `/api/message-rules/${rule.id}` : "/api/message-rules", body)
    ).json()) as { rule: { id: string } };
    const ms = performance.now() - started;
    // The planning is the job "plan-rule-messages": done when the rule's planning_since is cleared.
    for (;;) {
      const { rows: planning } = await db.query<{ planning: boolean }>(
        "select planning_since is not null as planning from message_rules where id = $1",
        [saved.rule.id],
      );
      if (!planning[0]!.planning) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const done = performance.now() - started;
    total += ms;
    totalDone += done;
    const { rows: made } = await db.query<{ n: number }>(
      "select count(*)::int as n from scheduled_messages where rule_id = $1",
      [saved.rule.id],
    );
    console.log(
      `  switched on "${name}": the request ${ms.toFixed(0)} ms; all ${made[0]!.n} messages scheduled ${(done / 1000).toFixed(1)} s after the request began`,
    );
  }
  console.log(
    `  four rules: requests ${total.toFixed(0)} ms in all; scheduling done ${(totalDone / 1000).toFixed(1)} s in all`,
  );
  const size = await db.query(
    `select count(*)::int as rows, count(*) filter (where status = 'scheduled')::int as scheduled,
       pg_size_pretty(pg_relation_size('scheduled_messages')) as heap,
       pg_size_pretty(pg_indexes_size('scheduled_messages')) as indexes,
       pg_size_pretty(pg_relation_size('scheduled_messages_due_idx')) as due_index,
       (select count(*)::int from pgboss.job) as boss_jobs
     from scheduled_messages`,
  );
  console.log("  queue:", size.rows[0]);
  await settle(url);
  const plan = await db.query(
    `explain (analyze, costs off, timing off, summary on)
     select id from scheduled_messages
     where status in ('scheduled', 'sending') and due_at <= now() and (status = 'scheduled' or lease_until < now())
     order by due_at limit 25 for update skip locked`,
  );
  console.log(`  the sender's claim with nothing due:\n${plan.rows.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}`);
}

async function idle(server: { process: { pid?: number } }, db: pg.Client) {
  const pids = () => [...processTree(server.process.pid!)];
  const backends = await databaseBackends(db);
  const before = cpuMsOf([...pids(), ...backends]);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const wall = performance.now() - started;
  const used = usedBetween(before, cpuMsOf([...pids(), ...(await databaseBackends(db))]));
  console.log(
    `  idle ${IDLE_SECONDS} s, nothing due: ${used} ms CPU (server and its database backends) = ${((100 * used) / wall).toFixed(3)} % of one core = ${((used / wall) * 3600).toFixed(1)} CPU-s per hour`,
  );
}

async function delay(baseUrl: string, db: pg.Client) {
  const host = await signUpHost(baseUrl, "Delay");
  await createProperties(host, 1, "bench-delay");
  const list = await json(await host.api("GET", "/api/message-rules"));
  const booking = list.items.find((r) => r.trigger === "booked")!;
  await json(
    await host.api("PUT", `/api/message-rules/${booking.id}`, {
      name: booking.name,
      trigger: "booked",
      texts: booking.texts,
      active: true,
    }),
  );
  const delays: number[] = [];
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < DELAY_STAYS; i++) {
    const email = `delay-${Date.now()}-${i}@example.com`;
    const started = Date.now();
    await json(
      await host.api("POST", "/api/stays", {
        propertyId: "bench-delay-0",
        guestFirstName: "Delay",
        guestEmail: email,
        checkInDate: day(30 + i),
        checkOutDate: day(32 + i),
      }),
    );
    for (;;) {
      const { rows } = await db.query<{ at: Date }>('select created_at as at from email_outbox where "to" = $1', [
        email,
      ]);
      if (rows[0]) {
        delays.push(rows[0].at.getTime() - started);
        break;
      }
      if (Date.now() - started > 120_000) throw new Error("no email after 2 minutes");
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  delays.sort((a, b) => a - b);
  console.log(
    `  ${DELAY_STAYS} stays: creation to booking email in the outbox p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms, max ${delays.at(-1)} ms`,
  );
}

const url = await postgresUrl("bench_scheduled_messages");
if (!url) {
  console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL)");
  process.exit(1);
}
const server = await startServer({ DATABASE_URL: url, RATE_LIMIT_IP_MULTIPLIER: "1000" });
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  console.log("PostgreSQL: scheduling");
  const host = await signUpHost(server.url);
  await createProperties(host, PROPERTIES);
  await scale(url, host, db);
  console.log("PostgreSQL: idle");
  await idle(server, db);
  console.log("PostgreSQL: delay");
  await delay(server.url, db);
} finally {
  await db.end();
  await server.stop();
}
