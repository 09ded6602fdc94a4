// Guest messaging figures, on the compiled server:
// 1. Time from a guest's send to the host's screen: the host's dashboard stream (GET /api/events) is open; a
//    guest posts a message (multipart, as the guide's page does); the time until the stream carries its
//    `new-message`, p50/p99 over BENCH_MESSAGES (100) — on one instance (PGlite), and on two instances sharing
//    PostgreSQL and Redis with the stream on B and the posts to A.
// 2. Peak server memory while 4 guests each send 100 MB of attachments at once (4 videos of 25 MB, the most a
//    message takes: OPEN-53), sampled from /proc (VmRSS every 10 ms).
// 3. Server memory for BENCH_STREAMS (1,000) open dashboard streams.
// Standalone, from the repository root: `npx tsx bench/messaging.ts`. Linux only (reads /proc).
import fs from "node:fs";
import http from "node:http";
import { postgresUrl, startServer, type RunningServer } from "./lib.ts";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const MB = 1024 * 1024;
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
function serverPid(launcherPid: number): number {
  const children = fs.readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8").trim();
  return Number(children.split(/\s+/)[0]);
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

let hosts = 0;
async function host(server: RunningServer) {
  hosts += 1;
  const res = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      firstName: "Host",
      email: `bench-msg-${Date.now()}-${hosts}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  const propertyId = `bench-msg-${Date.now().toString(36)}-${hosts}`;
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await call("POST", "/api/properties", { title: "Bench Loft", propertyId });
  // Published (a draft's guide takes no messages, decision 020), with messages on.
  const on = await call("PATCH", `/api/properties/${propertyId}`, {
    published: true,
    inboundMessagingActive: true,
    outboundMessagingActive: true,
  });
  if (on.status !== 204) throw new Error(`messages on: ${on.status} ${await on.text()}`);
  return { cookie, propertyId };
}

/** A dashboard stream: resolves each `new-message` to its arrival time. */
function stream(url: string, cookie: string) {
  const arrivals: number[] = [];
  let req!: http.ClientRequest;
  const ready = new Promise<void>((resolve) => {
    req = http.get(`${url}/api/events`, { headers: { cookie, accept: "text/event-stream" } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (chunk.includes("event: unread-count") && arrivals.length === 0) resolve();
        for (const _ of chunk.matchAll(/event: new-message/g)) arrivals.push(performance.now());
      });
    });
  });
  return { arrivals, ready, close: () => req.destroy() };
}

async function send(url: string, propertyId: string, i: number) {
  const form = new FormData();
  form.append("firstName", "Ana");
  form.append("lastName", "Silva");
  form.append("message", `Message number ${i}`);
  const res = await fetch(`${url}/g/${propertyId}/messages`, {
    method: "POST",
    headers: { accept: "application/json", origin: url },
    body: form,
  });
  if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
}

async function latency(label: string, postTo: string, listenOn: string, cookie: string, propertyId: string) {
  const s = stream(listenOn, cookie);
  await s.ready;
  await new Promise((r) => setTimeout(r, 300));
  const times: number[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const started = performance.now();
    const before = s.arrivals.length;
    await send(postTo, propertyId, i);
    while (s.arrivals.length === before) await new Promise((r) => setImmediate(r));
    times.push(s.arrivals[before]! - started);
  }
  s.close();
  console.log(`| ${label} | ${pct(times, 0.5).toFixed(1)} ms | ${pct(times, 0.99).toFixed(1)} ms |`);
}

/** Streams a multipart body with four MP4s of 25 MB each (ftyp, moov, then a media box of zeros). */
function bigSend(url: string, propertyId: string): Promise<number> {
  const box = (type: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + body.length, 0);
    header.write(type, 4, "latin1");
    return Buffer.concat([header, body]);
  };
  const size = 25 * MB - 1024;
  const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2mp41", "latin1"));
  const moov = box("moov", Buffer.concat([box("mvhd", Buffer.alloc(100)), box("trak", Buffer.alloc(92))]));
  const mdatBytes = size - ftyp.length - moov.length;
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(mdatBytes, 0);
  mdatHeader.write("mdat", 4, "latin1");
  const boundary = "----benchmsg";
  const fields = Buffer.from(
    ["firstName", "Ana", "lastName", "Silva", "message", "Videos of the leak"]
      .reduce<string[]>(
        (out, v, i, all) =>
          i % 2
            ? out
            : [...out, `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${all[i + 1]}\r\n`],
        [],
      )
      .join(""),
  );
  const fileHead = (n: number) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="leak-${n}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
  const end = Buffer.from(`--${boundary}--\r\n`);
  const length = fields.length + [1, 2, 3, 4].reduce((n, i) => n + fileHead(i).length + size + 2, 0) + end.length;
  const zeros = Buffer.alloc(MB);
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path: `/g/${propertyId}/messages`,
        method: "POST",
        headers: {
          accept: "application/json",
          origin: url,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(fields);
    let file = 0;
    let left = 0;
    const pump = () => {
      for (;;) {
        if (left === 0) {
          if (file > 0) req.write("\r\n");
          if (file === 4) return void req.end(end);
          file += 1;
          req.write(Buffer.concat([fileHead(file), ftyp, moov, mdatHeader]));
          left = mdatBytes - 8;
        }
        const chunk = zeros.subarray(0, Math.min(zeros.length, left));
        left -= chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

console.log(`Send → host's screen over ${MESSAGES} messages:`);
console.log("| Setup | p50 | p99 |");
console.log("|---|---|---|");
const one = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const h = await host(one);
  await latency("one instance (PGlite)", one.url, one.url, h.cookie, h.propertyId);

  // Attachments: 4 guests × 100 MB at once.
  const pid = serverPid(one.process.pid!);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const statuses = await Promise.all([0, 1, 2, 3].map(() => bigSend(one.url, h.propertyId)));
  clearInterval(sampler);
  console.log(
    `\nAttachments: 4 parallel sends of 4 × 25 MB videos (statuses ${statuses.join(", ")}): RSS ${before.toFixed(0)} MB → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
  );

  // Streams: memory for many open dashboards.
  const idle = rssMb(pid);
  const open: ReturnType<typeof stream>[] = [];
  const users: { cookie: string }[] = [];
  for (let i = 0; i < Math.ceil(STREAMS / 5); i += 10)
    users.push(...(await Promise.all(Array.from({ length: 10 }, () => host(one)))));
  for (const u of users) for (let i = 0; i < 5 && open.length < STREAMS; i += 1) open.push(stream(one.url, u.cookie));
  await Promise.all(open.map((s) => s.ready));
  await new Promise((r) => setTimeout(r, 500));
  const held = rssMb(pid);
  console.log(
    `Streams: ${open.length} open dashboard streams: RSS ${idle.toFixed(0)} MB → ${held.toFixed(0)} MB (+${(held - idle).toFixed(0)} MB)`,
  );
  for (const s of open) s.close();
} finally {
  await one.stop();
}

const url = await postgresUrl("doorstep_bench_messaging");
if (url) {
  const a = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", DATABASE_URL: url, REDIS_URL: REDIS });
  const b = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", DATABASE_URL: url, REDIS_URL: REDIS });
  try {
    const h = await host(a);
    console.log("\n| Setup | p50 | p99 |");
    console.log("|---|---|---|");
    await latency("one instance (PostgreSQL)", a.url, a.url, h.cookie, h.propertyId);
    await latency("two instances, PostgreSQL + Redis (post to A, stream on B)", a.url, b.url, h.cookie, h.propertyId);
  } finally {
    await a.stop();
    await b.stop();
  }
} else console.log("PostgreSQL: not reachable, two-instance run skipped (set BENCH_DATABASE_URL)");
