// Login throughput and latency under autocannon (argon2id dominates by design).
import autocannon from "autocannon";
import { startServer } from "./lib.ts";

const server = await startServer({ RATE_LIMITS: "off", NODE_ENV: "development" });
try {
  const email = `bench-${Date.now()}@example.com`;
  const password = "correct-horse-battery";
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Bench", email, password }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const result = await autocannon({
    url: `${server.url}/api/auth/login`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
    connections: 8,
    duration: 10,
  });
  const non2xx = result.non2xx;
  console.log(
    `login: ${result.requests.average.toFixed(1)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `max ${result.latency.max} ms, non-2xx ${non2xx} (8 connections, 10 s)`,
  );
  const me = await autocannon({
    url: `${server.url}/api/me`,
    headers: { cookie: signUp.headers.get("set-cookie")!.split(";")[0]! },
    connections: 16,
    duration: 10,
  });
  console.log(
    `GET /api/me: ${me.requests.average.toFixed(0)} req/s, p50 ${me.latency.p50} ms, p99 ${me.latency.p99} ms, non-2xx ${me.non2xx}`,
  );
} finally {
  await server.stop();
}
