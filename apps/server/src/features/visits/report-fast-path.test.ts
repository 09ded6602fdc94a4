import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guideEngagementEvents, guideVisits } from "../../db/schema/visits.ts";
import { clientIp } from "../../lib/fast-path.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { meaningfulHeaders, sendOverSocket } from "../../test/socket.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";
import { flushEngagement } from "./engagement.service.ts";
import { flushVisits } from "./visits.service.ts";

// The guide reports' fast path (decision 028) sits in the HTTP server, which `inject` does not use: these
// tests post over a real socket and compare with Fastify's own answer to the same request (inject).
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A POST over a real socket; `body` is sent as given (a string may be anything). */
async function post(base: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await sendOverSocket(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": IPHONE,
      "content-length": String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
  return { ...answer, body: answer.body.toString("utf8") };
}

/** The same request through Fastify alone. */
async function fastify(t: TestApp, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "user-agent": IPHONE, ...headers },
    payload: body,
    remoteAddress: "127.0.0.1",
  });
  return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.body };
}

const meaningful = meaningfulHeaders;

let session = 0;
const sessionId = () => `fastpathsession${String(++session).padStart(8, "0")}`;

describe("the guide reports' fast path (decision 028)", () => {
  let t: TestApp;
  let base: string;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp({
      // The limit low enough to meet.
      configure: (c) => ({ ...c, guide: { ...c.guide, engagement: { max: 4, windowMs: 60_000 } } }),
    });
    base = await listen(t);
    const host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host));
  });
  afterAll(() => t.close());

  it("records a visit and a section beacon and answers 204 with the route's own headers", async () => {
    const visitSession = sessionId();
    const visitBody = JSON.stringify({
      propertyId,
      trackingSessionId: visitSession,
      utmSource: "qr-code",
      language: "fr",
    });
    const before = t.reportFastPath.served;
    const fast = await post(base, "/api/guide/visits", visitBody, { origin: t.config.publicUrl });
    expect(fast.status).toBe(204);
    expect(t.reportFastPath.served).toBe(before + 1);
    const slow = await fastify(t, "/api/guide/visits", JSON.stringify({ propertyId, trackingSessionId: sessionId() }));
    expect(slow.status).toBe(204);
    expect(meaningful(fast.headers)).toEqual(meaningful(slow.headers));
    expect(fast.body).toBe("");

    const beaconSession = sessionId();
    const beacon = JSON.stringify({
      propertyId,
      trackingSessionId: beaconSession,
      language: "fr",
      sections: ["arrival", "house-rules"],
    });
    expect((await post(base, "/api/guide/engagement", beacon)).status).toBe(204);
    expect(t.reportFastPath.served).toBe(before + 2);

    await flushVisits(t.ctx);
    await flushEngagement(t.ctx);
    const visits = await t.ctx.db.select().from(guideVisits).where(eq(guideVisits.trackingSessionId, visitSession));
    expect(visits).toMatchObject([{ deviceType: "mobile", utmSource: "qr-code", language: "fr" }]);
    const events = await t.ctx.db
      .select()
      .from(guideEngagementEvents)
      .where(eq(guideEngagementEvents.trackingSessionId, beaconSession));
    expect(events.map((e) => `${e.kind}:${e.key}`).sort()).toEqual(["section:arrival", "section:house-rules"]);
  });

  it("hands what it does not take to Fastify, and writes Fastify's answer as given", async () => {
    const valid = { propertyId, trackingSessionId: sessionId() };
    const cases: { body: string; headers?: Record<string, string>; status: number }[] = [
      // Read, then refused by JSON or the schema: Fastify's 400, from the same bytes.
      { body: "{not json", status: 400 },
      { body: JSON.stringify({ propertyId: "a\u0000b", trackingSessionId: sessionId() }), status: 400 },
      { body: JSON.stringify({ propertyId: "x", trackingSessionId: "\ud800" }), status: 400 },
      {
        body: JSON.stringify({ ...valid, __proto__: { admin: true } }).replace("{", '{"__proto__":{"a":1},'),
        status: 400,
      },
      // Never read here: another site, a cookie, another type.
      { body: JSON.stringify(valid), headers: { origin: "http://evil.example" }, status: 403 },
      {
        body: JSON.stringify(valid),
        headers: { cookie: "ds_session=forged", origin: "http://localhost:3000" },
        status: 204,
      },
      { body: JSON.stringify(valid), headers: { "content-type": "text/plain" }, status: 400 },
    ];
    for (const c of cases) {
      const before = t.reportFastPath.served;
      const fast = await post(base, "/api/guide/visits", c.body, c.headers);
      const slow = await fastify(t, "/api/guide/visits", c.body, c.headers);
      expect(fast.status, c.body).toBe(c.status);
      expect(fast.status).toBe(slow.status);
      expect(meaningful(fast.headers)).toEqual(meaningful(slow.headers));
      expect(fast.body).toBe(slow.body);
      expect(t.reportFastPath.served).toBe(before);
    }
  });

  it("keeps the route's rate limit: past it, Fastify's 429 with its Retry-After", async () => {
    const beacon = () =>
      post(
        base,
        "/api/guide/engagement",
        JSON.stringify({ propertyId, trackingSessionId: sessionId(), language: "en", sections: ["wifi-and-tech"] }),
      );
    const statuses: number[] = [];
    let last: Answer | null = null;
    // This socket's address is shared with the first test's beacon: at most four a minute in all.
    for (let i = 0; i < 5; i++) {
      last = await beacon();
      statuses.push(last.status);
    }
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect(JSON.parse(last!.body).error.code).toBe("RATE_LIMITED");
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("the client's address (TRUST_PROXY)", () => {
  it("is the socket's without a trusted proxy, and the first X-Forwarded-For with one, as Fastify's request.ip", () => {
    const req = {
      socket: { remoteAddress: "10.0.0.1" },
      headers: { "x-forwarded-for": "203.0.113.5, 10.0.0.2" },
      connection: { remoteAddress: "10.0.0.1" },
    } as unknown as IncomingMessage;
    expect(clientIp(req, false)).toBe("10.0.0.1");
    expect(clientIp(req, true)).toBe("203.0.113.5");
  });

  it("keys the limit by the forwarded address behind a proxy", async () => {
    const t = await createTestApp({
      configure: (c) => ({ ...c, trustProxy: true, guide: { ...c.guide, visits: { max: 1, windowMs: 60_000 } } }),
    });
    try {
      const base = await listen(t);
      const host = await buildUser(t.ctx);
      const { propertyId } = await buildProperty(t.app, host);
      const visit = (from: string) =>
        post(base, "/api/guide/visits", JSON.stringify({ propertyId, trackingSessionId: sessionId() }), {
          "x-forwarded-for": from,
        });
      expect((await visit("203.0.113.5")).status).toBe(204);
      expect((await visit("203.0.113.5")).status).toBe(429);
      expect((await visit("198.51.100.7")).status).toBe(204);
      expect(t.reportFastPath.served).toBe(2);
    } finally {
      await t.close();
    }
  });
});
