// Upload memory (issue budget: 4 parallel 190 MB uploads raise the server's memory by at most 100 MB).
// Starts the production server (scripts/start.mjs) on a fresh PGlite data dir, signs up, makes four content
// items and uploads a 190 MB MP4 to each at once, while sampling the server process's resident memory
// (/proc/<pid>/status VmRSS, every 10 ms). Prints the RSS before, the peak and the increase.
// Standalone, from the repository root: `npx tsx bench/upload-memory.ts` (BENCH_UPLOAD_MB, BENCH_UPLOADS).
// Linux only (reads /proc). The client streams each body, so the bench itself holds no 190 MB buffer.
import fs from "node:fs";
import http from "node:http";
import { startServer } from "./lib.ts";

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 190) * MB;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 4);

/** The server's own process: start.mjs runs it as its one child. */
function serverPid(launcherPid: number): number {
  for (let i = 0; i < 100; i++) {
    const children = fs.readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8").trim();
    if (children) return Number(children.split(/\s+/)[0]);
  }
  throw new Error("no server process under start.mjs");
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const box = (type: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
};

/** Streams a multipart body holding one MP4 of `size` bytes (ftyp, moov, then a media box of zeros). */
function uploadVideo(url: string, path: string, cookie: string, size: number): Promise<number> {
  const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2mp41", "latin1"));
  const moov = box("moov", Buffer.concat([box("mvhd", Buffer.alloc(100)), box("trak", Buffer.alloc(92))]));
  const mdatHeader = Buffer.alloc(8);
  const mdatBytes = size - ftyp.length - moov.length;
  mdatHeader.writeUInt32BE(mdatBytes, 0);
  mdatHeader.write("mdat", 4, "latin1");
  const boundary = "----benchupload";
  const start = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tour.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(MB);
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: "PUT",
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": start.length + size + end.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    let left = mdatBytes - 8;
    const pump = () => {
      while (left > 0) {
        const chunk = zeros.subarray(0, Math.min(zeros.length, left));
        left -= chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(end);
    };
    req.write(Buffer.concat([start, ftyp, moov, mdatHeader]));
    pump();
  });
}

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const pid = serverPid(server.process.pid!);
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Host",
      email: `bench-upload-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const propertyId = `bench-upload-${Date.now()}`;
  await call("POST", "/api/properties", { title: "Bench Cottage", propertyId });
  const base = `/api/properties/${propertyId}/content`;
  const items: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const { item } = (await call("POST", `${base}/items`, { categoryLabel: "entertainment", title: `TV ${i}` })) as {
      item: { id: string };
    };
    items.push(item.id);
  }
  // Settle, then the baseline.
  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const t0 = performance.now();
  const statuses = await Promise.all(
    items.map((id) => uploadVideo(server.url, `${base}/items/${id}/media/video`, cookie, SIZE)),
  );
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  console.log(
    `${UPLOADS} parallel uploads of ${SIZE / MB} MB: statuses ${statuses.join(", ")} in ${seconds.toFixed(1)} s; ` +
      `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, increase ${(peak - before).toFixed(0)} MB`,
  );
  if (statuses.some((s) => s !== 200)) process.exitCode = 1;
} finally {
  await server.stop();
}
