// Image decoding memory (budget: 4 parallel uploads of a 49-megapixel PNG raise the server's memory by at most
// 100 MB). Starts the production server (scripts/start.mjs) on a fresh PGlite data dir, signs up, makes four
// properties and uploads a 7000 × 7000 px PNG (about 190 KB: one colour, so it compresses) as each one's cover
// at once, while sampling the server process's resident memory (/proc/<pid>/status VmRSS, every 10 ms).
// Prints the RSS before, the peak and the increase.
// Standalone, from the repository root: `npx tsx bench/image-memory.ts` (BENCH_IMAGE_SIDE, BENCH_UPLOADS).
import fs from "node:fs";
import sharp from "sharp";
import { startServer } from "./lib.ts";

const SIDE = Number(process.env.BENCH_IMAGE_SIDE ?? 7000);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 4);

function serverPid(launcherPid: number): number {
  for (let i = 0; i < 100; i++) {
    const children = fs.readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8").trim();
    if (children) return Number(children.split(/\s+/)[0]);
  }
  throw new Error("no server process under start.mjs");
}
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const png = await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: { r: 15, g: 118, b: 110 } } })
  .png({ compressionLevel: 9 })
  .toBuffer();

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const pid = serverPid(server.process.pid!);
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Host",
      email: `bench-image-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const ids: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const propertyId = `bench-image-${Date.now()}-${i}`;
    const res = await fetch(`${server.url}/api/properties`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: server.url },
      body: JSON.stringify({ title: `Bench ${i}`, propertyId }),
    });
    if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
    ids.push(propertyId);
  }
  const upload = async (propertyId: string) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "big.png");
    const res = await fetch(`${server.url}/api/properties/${propertyId}/cover`, {
      method: "PUT",
      headers: { cookie, origin: server.url },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  };
  // Settle, then the baseline.
  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const t0 = performance.now();
  const statuses = await Promise.all(ids.map(upload));
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  console.log(
    `${UPLOADS} parallel ${((SIDE * SIDE) / 1e6).toFixed(0)}-MP PNGs of ${(png.length / 1024).toFixed(0)} KB: ` +
      `statuses ${statuses.join(", ")} in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ` +
      `peak ${peak.toFixed(0)} MB, increase ${(peak - before).toFixed(0)} MB`,
  );
  if (statuses.some((s) => s >= 300)) process.exitCode = 1;
} finally {
  await server.stop();
}
