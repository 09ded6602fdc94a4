// Poll cost of calendar feeds (decision 041): 10,000 feeds of 20 events each (16 reservations, 4 blocked periods,
// Airbnb-shaped) against the local feed server, one server instance on PostgreSQL running its own poll job. For
// each full round: the server's CPU seconds (its process tree from /proc) and its database backends', the
// round's wall time, and the share of one core that round costs at a 15-minute interval. Rounds: the first
// sync (every stay created), a round where every feed answers 200 with the same calendar and no validators (the
// stored hash of the last body matches), one where each such body is read and compared in full, and 304s.
// From the repository root: `npx tsx bench/feeds.ts` (BENCH_FEEDS=10000). The machine may be shared: the
// figures are CPU time, not wall time, for that reason.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { cpuMsOf, databaseBackends, postgresUrl, processTree, ROOT, startServer, usedBetween } from "./lib.ts";
import { createProperties, signUpHost } from "./seed.ts";

const FEEDS = Number(process.env.BENCH_FEEDS ?? 10_000);
const PER_PROPERTY = 20;
const FEED_PORT = Number(process.env.BENCH_FEED_PORT ?? 6450);
const FEED_URL = `http://127.0.0.1:${FEED_PORT}`;
const INTERVAL_S = 15 * 60;

function calendar(n: number): string {
  const events: string[] = [];
  for (let i = 0; i < 20; i++) {
    const from = 2 + i * 9 + (n % 5);
    const blocked = i % 5 === 4;
    events.push(
      "BEGIN:VEVENT",
      `DTEND;VALUE=DATE:{{+${from + 3}}}`,
      `DTSTART;VALUE=DATE:{{+${from}}}`,
      `UID:bench-${n}-${i}@airbnb.com`,
      ...(blocked
        ? ["SUMMARY:Airbnb (Not available)"]
        : [
            `DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${n}X${i}\\nPhone Number (Last 4 Digits): ${String(1000 + i)}`,
            "SUMMARY:Reserved",
          ]),
      "END:VEVENT",
    );
  }
  return `BEGIN:VCALENDAR\r\nPRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN\r\nCALSCALE:GREGORIAN\r\nVERSION:2.0\r\n${events.join("\r\n")}\r\nEND:VCALENDAR\r\n`;
}

async function inBatches(count: number, size: number, each: (n: number) => Promise<void>) {
  for (let i = 0; i < count; i += size)
    await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => each(i + j)));
}

const feedServer = spawn(
  process.execPath,
  ["--import", "tsx", path.join(ROOT, "apps/server/src/test/fakes/serve-feed-server.ts"), String(FEED_PORT)],
  { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
);
for (;;) {
  try {
    await fetch(`${FEED_URL}/feeds/none.ics`);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}
const url = await postgresUrl("bench_feeds");
if (!url) throw new Error("PostgreSQL not reachable (set BENCH_DATABASE_URL)");
const server = await startServer({ DATABASE_URL: url, ALLOW_PRIVATE_FEEDS: "true", RATE_LIMIT_IP_MULTIPLIER: "1000" });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
try {
  const host = await signUpHost(server.url);
  const properties = Math.ceil(FEEDS / PER_PROPERTY);
  await createProperties(host, properties, "bench-feeds");
  await inBatches(FEEDS, 50, async (n) => {
    const res = await fetch(`${FEED_URL}/control/bench-${n}`, { method: "PUT", body: calendar(n) });
    if (res.status !== 204) throw new Error(`feed ${n}: ${res.status}`);
  });
  const seeded = performance.now();
  await inBatches(FEEDS, 20, async (n) => {
    const res = await host.api("POST", `/api/properties/bench-feeds-${Math.floor(n / PER_PROPERTY)}/stay-feeds`, {
      url: `${FEED_URL}/feeds/bench-${n}.ics`,
      channel: "Airbnb",
    });
    if (res.status !== 201) throw new Error(`add feed ${n}: ${res.status} ${await res.text()}`);
  });
  console.log(
    `${FEEDS} feeds on ${properties} properties added in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const round = async (label: string, prepare: string | null, since = new Date()) => {
    const started = since;
    const pids = () => [...processTree(server.process.pid!)];
    const before = cpuMsOf(pids());
    const dbBefore = cpuMsOf(await databaseBackends(admin));
    const wall = performance.now();
    if (prepare) await admin.query(prepare);
    let dbAfter = dbBefore;
    for (;;) {
      await new Promise((r) => setTimeout(r, 2000));
      // The backends' CPU is read while they live: a pool may close an idle one before the round ends.
      dbAfter = new Map([...dbAfter, ...cpuMsOf(await databaseBackends(admin))]);
      const { rows } = await admin.query<{ left: number }>(
        "select count(*)::int as left from stay_feeds where last_polled_at is null or last_polled_at < $1",
        [started],
      );
      if (rows[0]!.left === 0) break;
    }
    const seconds = (performance.now() - wall) / 1000;
    const serverS = usedBetween(before, cpuMsOf(pids())) / 1000;
    const dbS = usedBetween(dbBefore, dbAfter) / 1000;
    const { rows } = await admin.query<{ stays: number; errors: number }>(
      "select (select count(*)::int from stays) as stays, (select count(*)::int from stay_feeds where last_error_code is not null) as errors",
    );
    console.log(
      `${label}: wall ${seconds.toFixed(1)} s (up to 60 s of it waiting for the minute's job), server CPU ${serverS.toFixed(1)} s ` +
        `= ${((100 * serverS) / INTERVAL_S).toFixed(2)} % of one core at a 15-minute interval; PostgreSQL backends ` +
        `${dbS.toFixed(1)} s = ${((100 * dbS) / INTERVAL_S).toFixed(2)} %; stays ${rows[0]!.stays}, feeds in error ${rows[0]!.errors}`,
    );
  };
  // The poll job starts on the feeds while they are being added: that round is not measured. The first sync
  // is then measured again from nothing (its stays deleted, its validators forgotten).
  await round("seeding (feeds polled while being added; not a measurement)", null, new Date(0));
  await round(
    "first sync (every stay created)",
    "delete from stays; update stay_feeds set next_poll_at = now(), etag = null, last_modified = null, body_hash = null",
  );
  await round(
    "every feed 200 with the same body, no validators (the body's hash matches)",
    "update stay_feeds set next_poll_at = now(), etag = null, last_modified = null",
  );
  await round(
    "every feed 200, read and compared in full, nothing changed",
    "update stay_feeds set next_poll_at = now(), etag = null, last_modified = null, body_hash = null",
  );
  await round("every feed 304", "update stay_feeds set next_poll_at = now()");
} finally {
  await admin.end();
  await server.stop();
  feedServer.kill("SIGTERM");
}
