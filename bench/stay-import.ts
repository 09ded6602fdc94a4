// Importing a stays CSV of 5,000 rows (decision 040): the preview, the apply (which reads the file again and
// checks the preview's digest before writing), and the same file once more (every row unchanged). For each:
// wall time and the server's resident memory, sampled every 10 ms, at its peak and above its level before the
// request. Rows over 20 properties, with emails, phones and times, as a property-management export would be.
// From the repository root: `npx tsx bench/stay-import.ts` (BENCH_ROWS=5000, BENCH_DATABASES=pglite,postgres).
import fs from "node:fs";
import { onEachDatabase, processTree, startServer } from "./lib.ts";
import { createProperties, signUpHost, type Host } from "./seed.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const PROPERTIES = 20;
const DAY = 86_400_000;

function csv(): string {
  const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
  const lines = [
    "reservation_id,property_id,guest_first_name,guest_last_name,guest_email,guest_phone,guest_language,check_in,check_in_time,check_out,check_out_time,adults,children,door_code",
  ];
  for (let i = 0; i < ROWS; i++) {
    const start = -400 + Math.floor(i / PROPERTIES) * 3;
    lines.push(
      [
        `PMS-${100000 + i}`,
        `bench-flat-${i % PROPERTIES}`,
        "Maria",
        `Silva ${i}`,
        `guest${i}@example.com`,
        "+351 912 345 678",
        "en",
        day(start),
        "16:00",
        day(start + 2),
        "10:00",
        2,
        i % 3,
        String(1000 + (i % 9000)),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** Resident memory of the server's processes, in MB. */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(m?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

async function measure(label: string, pids: number[], run: () => Promise<Response>) {
  const before = rssMb(pids);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 10);
  const started = performance.now();
  const res = await run();
  const body = (await res.json()) as { counts?: Record<string, number>; digest?: string; error?: unknown };
  const ms = performance.now() - started;
  clearInterval(timer);
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  console.log(
    `  ${label}: ${Math.round(ms)} ms, server RSS peak ${Math.round(peak)} MB (+${Math.round(peak - before)} MB over ${Math.round(before)} MB) ${JSON.stringify(body.counts)}`,
  );
  return body;
}

function send(baseUrl: string, host: Host, path: string, file: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([file], { type: "text/csv" }), "stays.csv");
  return fetch(`${baseUrl}${path}`, { method: "POST", headers: { cookie: host.cookie, origin: baseUrl }, body: form });
}

await onEachDatabase("bench_stay_import", async (database, env) => {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const host = await signUpHost(server.url, "Importer");
    await createProperties(host, PROPERTIES);
    const file = csv();
    const pids = processTree(server.process.pid!);
    console.log(`${database}: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB, ${PROPERTIES} properties`);
    const fields = { locale: "en-GB" };
    const go =
      (path: string, extra: Record<string, string> = {}) =>
      () =>
        send(server.url, host, path, file, { ...fields, ...extra });
    const first = await measure("preview (all new)", pids, go("/api/stays/import/preview"));
    await measure("apply (5,000 new)", pids, go("/api/stays/import", { digest: first.digest! }));
    const again = await measure("preview again (all unchanged)", pids, go("/api/stays/import/preview"));
    await measure("apply again (nothing written)", pids, go("/api/stays/import", { digest: again.digest! }));
  } finally {
    await server.stop();
  }
});
