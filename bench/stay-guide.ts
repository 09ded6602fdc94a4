// A stay's own guide (decision 042) beside the public guide and nginx: on the bench's 30-item guide, with a
// restricted door-code item and an ongoing stay, wrk (one thread, 16 connections) on /g/{id}, on /s/{token},
// and on nginx (one worker) serving the stay page's bytes as a static file, on each database. The issue's
// budget: /s/ at ≥ 0.5× nginx with p99 ≤ 20 ms. BENCH_DURATION (s, default 10), BENCH_DATABASES as in lib.ts.
import { gzipSync } from "node:zlib";
import { onEachDatabase, startServer } from "./lib.ts";
import { serveStatic } from "./nginx.ts";
import { createGuide, signUpHost } from "./seed.ts";
import { cell, wrk } from "./wrk.ts";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

await onEachDatabase("bench_stay_guide", async (database, env) => {
  const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development", ...env });
  try {
    const host = await signUpHost(server.url);
    const id = await createGuide(server.url, host, 30, 0);
    await host.api("POST", `/api/properties/${id}/content/items`, {
      categoryLabel: "arrival",
      title: "Door code",
      detailText: "<p>Hello {{stay.guestFirstName}}, the code is {{stay.doorCode}}.</p>",
    });
    const created = await host.api("POST", "/api/stays", {
      propertyId: id,
      guestFirstName: "Ana",
      checkInDate: day(-1),
      checkOutDate: day(2),
      doorCode: "7391",
    });
    if (created.status !== 201) throw new Error(`stay: ${created.status} ${await created.text()}`);
    const stayId = ((await created.json()) as { stay: { id: string } }).stay.id;
    const link = (await (await host.api("GET", `/api/stays/${stayId}/link`)).json()) as { url: string };
    const stayUrl = `${server.url}${new URL(link.url).pathname}`;
    const guideUrl = `${server.url}/g/${id}`;

    const stayHtml = await (await fetch(stayUrl)).text();
    const guideHtml = await (await fetch(guideUrl)).text();
    if (!stayHtml.includes("the code is 7391")) throw new Error("the stay page does not show the door code");
    console.log(`\n${database}`);
    console.log(
      `stay page: ${stayHtml.length} bytes (${gzipSync(stayHtml).length} gzip); public guide ${guideHtml.length} bytes (${gzipSync(guideHtml).length} gzip)`,
    );
    const nginx = await serveStatic(stayHtml, { workers: 1 });
    try {
      wrk(guideUrl, { seconds: 2, connections: CONNECTIONS });
      wrk(stayUrl, { seconds: 2, connections: CONNECTIONS });
      const guide = wrk(guideUrl, { seconds: DURATION, connections: CONNECTIONS });
      const stay = wrk(stayUrl, { seconds: DURATION, connections: CONNECTIONS });
      const ceiling = wrk(nginx.url, { seconds: DURATION, connections: CONNECTIONS });
      console.log(`GET /g/{id}: ${cell(guide)}`);
      console.log(`GET /s/{token}: ${cell(stay)}`);
      console.log(`${nginx.version} static (stay page bytes): ${cell(ceiling)}`);
      console.log(
        `ratio stay/nginx: ${((stay.rps / ceiling.rps) * 100).toFixed(0)} % (budget ≥ 50 %, p99 ≤ 20 ms); guide/nginx ${((guide.rps / ceiling.rps) * 100).toFixed(0)} %`,
      );
    } finally {
      nginx.stop();
    }
  } finally {
    await server.stop();
  }
});
