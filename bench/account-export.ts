// "Download my data" (issue 36, IMPL-33, decision 058) for a large account, on both databases: one account with
// 50 properties and 500 uploads (per property its cover and nine content items with a photo), seeded through
// the API, then the owner's POST /api/account/export. Measured: the time from the POST to the archive being
// ready (the emailed link's log line: the job stores the archive, then sends the email), the job's own run time
// (pg-boss's started_on → completed_on, PostgreSQL only: on PGlite the queue lives inside the server), the
// archive's size and entries (downloaded through the emailed link, read with zlib and a ustar header reader),
// and the server's peak resident memory and CPU time during the build (/proc). Prints one markdown table and the
// machine's load average before and after each run (the 2-core machine is shared: figures vary with it).
//
// The server runs as deployed (`npm start`: production build, NODE_ENV=production with LOCAL_RUN), its log at
// info on a pipe to read the email's line (the outbox provider logs each email's links). Rate limits stay on with
// the per-address allowance 1,000 times the default (as the other seeding benches): one address sends 1,000
// writes in a few minutes.
// From the repository root: `npx tsx bench/account-export.ts` (or `npm run account-export -w @doorstep/bench`).
// BENCH_DATABASES=pglite|postgres runs one; BENCH_PROPERTIES and BENCH_ITEMS (photos per property besides the
// cover) scale the account down for a quick look.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { cpuSplitOf, onEachDatabase, startServer, type RunningServer } from "./lib.ts";
import { createProperties, photo, signUpHost, upload, type Host } from "./seed.ts";
import { serverPid } from "./work.ts";

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 50);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 9);
const CONCURRENCY = 4;
const PREFIX = "export-flat";
const AS_DEPLOYED = { NODE_ENV: "production", LOCAL_RUN: "true", RATE_LIMIT_IP_MULTIPLIER: "1000" };

const rows: { name: string; results: Record<string, string> }[] = [];
function record(name: string, database: string, value: string) {
  let row = rows.find((r) => r.name === name);
  if (!row) rows.push((row = { name, results: {} }));
  row.results[database] = value;
}

const uptime = () => execFileSync("uptime", { encoding: "utf8" }).trim();
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const categories = ["arrival", "wifi-and-tech", "house-rules", "the-home", "getting-around", "safety", "check-out"];

/**
 * A distinct photo per upload: widths 1200–2000 px with a sensor's grain (photo()'s smooth gradients alone
 * make 60 KB files; with grain a 1600 px JPEG is about 280 KB and its stored WebP about 180 KB, as a phone's
 * photo resized for the web), every other one sent as WebP.
 */
async function uploadImage(seed: number): Promise<{ body: Buffer; type: "image/jpeg" | "image/webp" }> {
  const smooth = await photo(seed, 1200 + (seed % 5) * 200);
  const { data, info } = await sharp(smooth).raw().toBuffer({ resolveWithObject: true });
  let state = seed + 1;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >> 16) % 25) - 12));
  }
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return seed % 2 === 0
    ? { body: await image.jpeg({ quality: 78 + (seed % 4) * 4 }).toBuffer(), type: "image/jpeg" }
    : { body: await image.webp({ quality: 80 }).toBuffer(), type: "image/webp" };
}

/** Runs `tasks` `CONCURRENCY` at a time. */
async function inParallel(tasks: (() => Promise<void>)[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

/** The account: `PROPERTIES` properties, each with a cover and `ITEMS` items with a photo. Returns bytes sent. */
async function seed(baseUrl: string, host: Host): Promise<{ uploads: number; bytes: number }> {
  await createProperties(host, PROPERTIES, PREFIX);
  let uploads = 0;
  let bytes = 0;
  const send = async (url: string, seedNumber: number) => {
    const image = await uploadImage(seedNumber);
    await upload(baseUrl, host, url, image.body, image.type);
    uploads++;
    bytes += image.body.length;
  };
  const tasks: (() => Promise<void>)[] = [];
  for (let p = 0; p < PROPERTIES; p++) {
    const propertyId = `${PREFIX}-${p}`;
    tasks.push(() => send(`/api/properties/${propertyId}/cover`, p * (ITEMS + 1)));
    for (let i = 0; i < ITEMS; i++)
      tasks.push(async () => {
        const res = await host.api("POST", `/api/properties/${propertyId}/content/items`, {
          categoryLabel: categories[i % categories.length],
          title: `Item ${i + 1} of ${propertyId}`,
          detailText: `<p>What a guest needs to know about item ${i + 1}, with <strong>bold</strong> text.</p>`,
        });
        if (res.status !== 201) throw new Error(`item: ${res.status} ${await res.text()}`);
        const { item } = (await res.json()) as { item: { id: string } };
        await send(`/api/properties/${propertyId}/content/items/${item.id}/media/image`, p * (ITEMS + 1) + i + 1);
      });
  }
  await inParallel(tasks);
  return { uploads, bytes };
}

/** Resident memory of a process now (VmRSS) and its peak (VmHWM), bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Resets a process's peak resident memory (VmHWM) to its current size; false where the kernel refuses. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** A .tar.gz's entries, read as a stream: ustar headers, each followed by its data padded to 512 bytes. */
async function listTarGz(file: string): Promise<{ name: string; size: number }[]> {
  const entries: { name: string; size: number }[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let skip = 0; // data (and padding) of the current entry still to pass
  let ended = false;
  await pipeline(fs.createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      let data: Buffer = chunk;
      if (skip > 0) {
        const passed = Math.min(skip, data.length);
        skip -= passed;
        data = data.subarray(passed);
      }
      pending = pending.length ? Buffer.concat([pending, data]) : data;
      while (!ended && skip === 0 && pending.length >= 512) {
        const header = pending.subarray(0, 512);
        pending = pending.subarray(512);
        if (header.every((b) => b === 0)) {
          ended = true; // the end-of-archive blocks
          break;
        }
        const field = (offset: number, length: number) =>
          header
            .subarray(offset, offset + length)
            .toString("utf8")
            .replace(/\0.*$/s, "");
        const size = parseInt(field(124, 12).trim(), 8);
        const prefix = field(345, 155);
        entries.push({ name: prefix ? `${prefix}/${field(0, 100)}` : field(0, 100), size });
        const padded = Math.ceil(size / 512) * 512;
        const passed = Math.min(padded, pending.length);
        pending = pending.subarray(passed);
        skip = padded - passed;
      }
    }
  });
  return entries;
}

interface Email {
  time: number;
  url: string;
}

async function measure(database: string, env: Record<string, string>) {
  let server: RunningServer | null = null;
  let email: ((found: Email) => void) | null = null;
  const emailed = new Promise<Email>((resolve) => (email = resolve));
  // The server's log: the archive's email names its link; warnings and errors are shown.
  const onLine = (line: string) => {
    let entry: { level?: number; time?: number; template?: string; links?: string[]; msg?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      console.log(line); // start.mjs building
      return;
    }
    if (entry.template === "account-export" && entry.links?.[0]) email?.({ time: entry.time!, url: entry.links[0] });
    else if ((entry.level ?? 0) >= 40) console.log(line);
  };
  const temp = path.join(os.tmpdir(), `doorstep-export-bench-${process.pid}.tar.gz`);
  try {
    console.log(`${database}: ${uptime()} (before)`);
    server = await startServer({ ...AS_DEPLOYED, LOG_LEVEL: "info", ...env }, { onLine });
    const pid = serverPid(server.process.pid!);
    const host = await signUpHost(server.url, "Owner");
    const seedStarted = performance.now();
    const sent = await seed(server.url, host);
    const seedMs = performance.now() - seedStarted;
    console.log(
      `${database}: ${PROPERTIES} properties, ${sent.uploads} uploads (${mb(sent.bytes)} sent) in ${seconds(seedMs)}`,
    );
    record("Seeding: properties, uploads (bytes sent)", database, `${PROPERTIES}, ${sent.uploads} (${mb(sent.bytes)})`);
    record("Seeding time", database, seconds(seedMs));

    // The build: memory and CPU from just before the POST to the email.
    const reset = resetPeak(pid);
    const before = memoryOf(pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      try {
        sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
      } catch {
        /* gone */
      }
    }, 20);
    const cpuBefore = cpuSplitOf([pid]);
    const loadAtPost = os.loadavg()[0]!.toFixed(2);
    const posted = Date.now();
    const res = await host.api("POST", "/api/account/export");
    if (res.status !== 202) throw new Error(`export: ${res.status} ${await res.text()}`);
    const accepted = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const found = await Promise.race([
      emailed,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("no email after 10 minutes")), 600_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const loadAtEmail = os.loadavg()[0]!.toFixed(2);
    clearInterval(sampler);
    const cpuAfter = cpuSplitOf([pid]);
    const after = memoryOf(pid);
    const peak = reset ? after.peak : Math.max(sampledPeak, after.rss);
    record("POST answered (202)", database, `${accepted - posted} ms`);
    record("POST → archive ready (email logged)", database, seconds(found.time - posted));
    if (env.DATABASE_URL) {
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        // The job is marked completed after its handler returns, a moment after the email.
        for (let waited = 0; ; waited += 50) {
          const { rows: jobs } = await db.query<{ created_on: Date; started_on: Date; completed_on: Date | null }>(
            "select created_on, started_on, completed_on from pgboss.job where name = 'account-export' order by created_on desc limit 1",
          );
          const job = jobs[0];
          if (job?.completed_on) {
            record(
              "Job waited in the queue (created → started)",
              database,
              `${job.started_on.getTime() - job.created_on.getTime()} ms`,
            );
            record(
              "Job ran (started → completed)",
              database,
              seconds(job.completed_on.getTime() - job.started_on.getTime()),
            );
            break;
          }
          if (waited > 30_000) throw new Error("the account-export job was not marked completed");
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await db.end();
      }
    } else {
      // pg-boss's table is inside the server's own PGlite; the worker is woken at once (job-queue.ts), so the
      // POST → email time above is the job's run to within its wake-up.
      record("Job waited in the queue (created → started)", database, "—");
      record("Job ran (started → completed)", database, "— (PGlite is inside the server)");
    }
    record(
      "Server CPU during the build (user + system)",
      database,
      `${seconds(cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system)} (${seconds(cpuAfter.system - cpuBefore.system)} system)`,
    );
    record(
      `Server RSS before → peak during the build${reset ? "" : " (sampled every 20 ms)"}`,
      database,
      `${mb(before.rss)} → ${mb(peak)}`,
    );

    // The archive through the emailed link, as the owner downloads it.
    const downloadStarted = performance.now();
    const archive = await fetch(`${server.url}${new URL(found.url).pathname}`, {
      headers: { cookie: host.cookie },
    });
    if (!archive.ok || !archive.body) throw new Error(`download: ${archive.status} ${await archive.text()}`);
    await pipeline(Readable.fromWeb(archive.body as WebReadableStream), fs.createWriteStream(temp));
    const downloadMs = performance.now() - downloadStarted;
    const size = fs.statSync(temp).size;
    const entries = await listTarGz(temp);
    const files = entries.filter((e) => e.name.startsWith("files/"));
    const records = entries.find((e) => e.name === "records.json");
    const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
    record("Archive size", database, `${size.toLocaleString("en-GB")} bytes (${mb(size)})`);
    record("Entries: records.json + files", database, `${entries.length}: ${records ? 1 : 0} + ${files.length}`);
    record("records.json", database, records ? `${(records.size / 1024).toFixed(0)} KB` : "missing");
    record(
      "Unpacked (all entries)",
      database,
      `${mb(unpacked)} (gzip saves ${((1 - size / unpacked) * 100).toFixed(1)} %)`,
    );
    record(
      "Download through the link",
      database,
      `${seconds(downloadMs)} (${archive.headers.get("content-length")} bytes announced)`,
    );
    record("Load average (1 min): at the POST → at the email", database, `${loadAtPost} → ${loadAtEmail}`);
    console.log(`${database}: ${uptime()} (after)`);
  } finally {
    fs.rmSync(temp, { force: true });
    await server?.stop();
  }
}

const databases: string[] = [];
await onEachDatabase("bench_account_export", async (database, env) => {
  databases.push(database);
  await measure(database, env);
});
console.log(
  `\nAccount export, ${PROPERTIES} properties × (cover + ${ITEMS} item photos), ${new Date().toISOString()}, ${os.cpus().length} cores shared with other work\n`,
);
console.log(`| | ${databases.join(" | ")} |`);
console.log(`|---|${databases.map(() => "---:").join("|")}|`);
for (const row of rows) console.log(`| ${row.name} | ${databases.map((d) => row.results[d] ?? "").join(" | ")} |`);
