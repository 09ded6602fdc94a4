// What one browser test's page load costs the machine: the e2e suite (apps/e2e) opens a fresh context, logs in
// and loads a dashboard page well over a hundred times, and on a busy 2-core CI machine each load took 1–3.5 s.
// This loads the logged-in property list N times, each in a new context as the tests do, with Chromium's
// arguments as the suite passes them and with variants, alternating, and prints the wall time per load and the
// machine's CPU time per load (every process, from /proc/stat: Chromium's renderers live shorter than a
// per-process reading). Run it on a quiet machine: `npx tsx bench/browser-pages.ts [loads per round]`.
import { chromium } from "@playwright/test";
import fs from "node:fs";
import { startServer } from "./lib.ts";
import { chromiumArgs } from "../apps/e2e/chromium.ts";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const loads = Number(process.argv[2] ?? 15);
const rounds = 3;

/** Busy and total jiffies of the whole machine. */
function machineTicks(): { busy: number; total: number } {
  const [cpu] = fs.readFileSync("/proc/stat", "utf8").split("\n");
  const fields = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

// The suite's arguments, and the same with Playwright's own --disable-features only (before decision 031).
// BENCH_VARIANTS='{"name": ["--extra-arg", …], …}' adds variants: each list is added to the suite's arguments.
const extras: Record<string, string[]> = JSON.parse(process.env.BENCH_VARIANTS ?? "{}");
const variants: Record<string, string[]> = {
  "Playwright's features": chromiumArgs.filter((arg) => !arg.startsWith("--disable-features=")),
  suite: chromiumArgs,
  ...Object.fromEntries(Object.entries(extras).map(([name, extra]) => [name, [...chromiumArgs, ...extra]])),
};

const server = await startServer({ NODE_ENV: "test", RATE_LIMIT_IP_MULTIPLIER: "50" });
const origin = { Origin: server.url };
try {
  const email = `bench-${Date.now()}@example.com`;
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", ...origin },
    body: JSON.stringify({ firstName: "Bench", email, password: "correct-horse-battery" }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);

  // One login for the run (the server limits logins per account); each context starts from its cookie.
  const signedIn = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...origin },
    body: JSON.stringify({ email, password: "correct-horse-battery" }),
  });
  if (signedIn.status !== 200) throw new Error(`login failed: ${signedIn.status}`);
  const { hostname } = new URL(server.url);
  const cookies = signedIn.headers.getSetCookie().map((header) => {
    const [pair] = header.split(";");
    const at = pair!.indexOf("=");
    return { name: pair!.slice(0, at), value: pair!.slice(at + 1), domain: hostname, path: "/" };
  });

  const results = new Map<string, { wall: number[]; cpu: number[] }>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, args] of Object.entries(variants)) {
      const browser = await chromium.launch({ executablePath: chromePath, args });
      const ticks = machineTicks();
      const started = performance.now();
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: origin });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto("/properties");
        await page.getByRole("heading", { level: 1, name: "Properties" }).waitFor();
        await context.close();
      }
      const wall = (performance.now() - started) / loads;
      const after = machineTicks();
      // USER_HZ is 100: a jiffy is 10 ms of one core.
      const cpu = ((after.busy - ticks.busy) * 10) / loads;
      await browser.close();
      const entry = results.get(name) ?? { wall: [], cpu: [] };
      entry.wall.push(wall);
      entry.cpu.push(cpu);
      results.set(name, entry);
      console.log(
        `round ${round + 1} ${name.padEnd(24)} ${wall.toFixed(0).padStart(5)} ms per load, ${cpu.toFixed(0).padStart(5)} ms CPU`,
      );
    }
  }
  console.log(`\n${loads} loads per round, ${rounds} rounds; median of the rounds:`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [name, { wall, cpu }] of results) {
    console.log(
      `${name.padEnd(24)} ${median(wall).toFixed(0).padStart(5)} ms per load, ${median(cpu).toFixed(0).padStart(5)} ms machine CPU per load`,
    );
  }
} finally {
  await server.stop();
}
