// /api/properties with 1,000 properties in one account (budget: API reads ≤ 25 ms p99, docs/architecture.md §9),
// and the /properties page's time to first card in Chromium.
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { startServer } from "./lib.ts";
import { createProperties, signUpHost } from "./seed.ts";
import { chromiumArgs } from "../apps/e2e/chromium.ts";

const COUNT = Number(process.env.BENCH_PROPERTIES ?? 1000);
const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const host = await signUpHost(server.url, "Manager");
  const cookie = host.cookie;
  const started = performance.now();
  await createProperties(host, COUNT);
  console.log(`created ${COUNT} properties in ${Math.round(performance.now() - started)} ms`);

  // Latency with one client at a time (the budget), then throughput with ten (queueing adds latency there).
  for (const path of [
    "/api/properties",
    "/api/properties?search=lisbon",
    "/api/properties?limit=4",
    `/api/properties/bench-flat-${COUNT - 1}`,
  ]) {
    const one = await autocannon({ url: `${server.url}${path}`, headers: { cookie }, connections: 1, duration: 5 });
    const ten = await autocannon({ url: `${server.url}${path}`, headers: { cookie }, connections: 10, duration: 5 });
    console.log(
      `GET ${path}: 1 client p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms; 10 clients ${ten.requests.average.toFixed(0)} req/s, p99 ${ten.latency.p99} ms; non-2xx ${one.non2xx + ten.non2xx}`,
    );
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: chromiumArgs,
  });
  const context = await browser.newContext();
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await page.goto(`${server.url}/properties`);
    await page.getByRole("link", { name: /Flat/ }).first().waitFor();
    times.push(performance.now() - t0);
  }
  await browser.close();
  console.log(
    `/properties page to first card (1,000 properties, warm after first): ${times.map((t) => `${Math.round(t)} ms`).join(", ")}`,
  );
} finally {
  await server.stop();
}
