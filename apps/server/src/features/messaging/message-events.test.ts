import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { addSameOrigin, createTestApp, type TestApp } from "../../test/app.ts";
import { buildMember, buildProperty, buildUser, multipart, type TestUser } from "../../test/factories.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { countEventStreams, HEARTBEAT_MS, MAX_STREAMS_PER_OWNER } from "./message-events.service.ts";

interface Received {
  event: string;
  data: unknown;
}

/** An EventSource in miniature: reads a text/event-stream over real HTTP and collects its events. */
function listen(base: string, path: string, cookie: string) {
  const events: Received[] = [];
  let closed = false;
  let status = 0;
  let request: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get(`${base}${path}`, { headers: { cookie, accept: "text/event-stream" } }, (res) => {
      status = res.statusCode ?? 0;
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      res.on("close", () => (closed = true));
      resolve();
    });
    request.on("error", reject);
  });
  return {
    events,
    opened,
    get closed() {
      return closed;
    },
    get status() {
      return status;
    },
    close: () => request.destroy(),
    /** Waits until an event matching `match` has come (or fails after `ms`). */
    async waitFor(match: (e: Received) => boolean, ms = 3000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const found = events.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching event among ${JSON.stringify(events)}`);
    },
  };
}

async function guestWrites(app: FastifyInstance, propertyId: string, text: string, cookie = "") {
  const form = multipart([], { firstName: "Ana", lastName: "Silva", message: text });
  const res = await app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
    headers: { ...form.headers, accept: "application/json", ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const set = String(res.headers["set-cookie"] ?? "");
  return set.startsWith("dsm=") ? set.split(";")[0]! : cookie;
}

async function messagingHost(app: FastifyInstance, t: Pick<TestApp, "ctx">) {
  const host = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(app, host);
  await app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: host.cookie },
    payload: { inboundMessagingActive: true, outboundMessagingActive: true },
  });
  return { host, propertyId };
}

async function reply(app: FastifyInstance, host: TestUser, conversationId: string, text: string) {
  const form = multipart([], { text });
  const res = await app.inject({
    method: "POST",
    url: `/api/conversations/${conversationId}/messages`,
    payload: form.payload,
    headers: { ...form.headers, cookie: host.cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("live messaging events (MSG-15/16)", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it("tells a member limited to one property only of its messages, with its own unread count (decision 056)", async () => {
    const { host, propertyId: mine } = await messagingHost(t.app, t);
    const other = (await buildProperty(t.app, host)).propertyId;
    await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${other}`,
      headers: { cookie: host.cookie },
      payload: { inboundMessagingActive: true },
    });
    const mineRow = (await propertyRowOf(t.ctx, host.accountId, mine))!.id;
    const member = await buildMember(t.ctx, host, "editor", [mineRow]);
    const stream = listen(base, "/api/events", member.cookie);
    await stream.opened;
    await stream.waitFor((e) => e.event === "unread-count");
    await guestWrites(t.app, other, "Not theirs");
    await guestWrites(t.app, mine, "Theirs");
    await stream.waitFor(
      (e) => e.event === "unread-count" && (e.data as { unreadMessageCount: number }).unreadMessageCount === 1,
    );
    expect(stream.events.filter((e) => e.event === "new-message")).toHaveLength(1);
    expect(stream.events.map((e) => e.data)).not.toContainEqual({ unreadMessageCount: 2 });
    stream.close();
  });

  it("tells the host's open dashboard of a guest's message and the unread count, and the guest's open page of the reply", async () => {
    const { host, propertyId } = await messagingHost(t.app, t);
    const dashboard = listen(base, "/api/events", host.cookie);
    await dashboard.opened;
    expect(dashboard.status).toBe(200);
    await dashboard.waitFor((e) => e.event === "unread-count");
    expect(dashboard.events[0]).toEqual({ event: "unread-count", data: { unreadMessageCount: 0 } });

    const guestCookie = await guestWrites(t.app, propertyId, "Is the pool heated?");
    const news = await dashboard.waitFor((e) => e.event === "new-message");
    await dashboard.waitFor(
      (e) => e.event === "unread-count" && (e.data as { unreadMessageCount: number }).unreadMessageCount === 1,
    );
    const conversationId = (news.data as { conversationId: string }).conversationId;

    const guest = listen(base, `/api/guide/${propertyId}/messages/events`, guestCookie);
    await guest.opened;
    expect(guest.status).toBe(200);
    await reply(t.app, host, conversationId, "Yes, from May to September.");
    const heard = await guest.waitFor((e) => e.event === "new-message");
    expect(heard.data).toMatchObject({ inbound: false, text: "Yes, from May to September." });

    // Another guest of the same guide hears nothing of it; a guest who never wrote gets no stream at all.
    const otherCookie = await guestWrites(t.app, propertyId, "Hello from someone else");
    const other = listen(base, `/api/guide/${propertyId}/messages/events`, otherCookie);
    await other.opened;
    await reply(t.app, host, conversationId, "Second reply");
    await guest.waitFor((e) => (e.data as { text?: string }).text === "Second reply");
    await new Promise((r) => setTimeout(r, 100));
    expect(other.events).toEqual([]);
    const none = listen(base, `/api/guide/${propertyId}/messages/events`, "");
    await none.opened;
    expect(none.status).toBe(204);

    // Another account's dashboard hears nothing.
    const stranger = await buildUser(t.ctx);
    const theirs = listen(base, "/api/events", stranger.cookie);
    await theirs.opened;
    await guestWrites(t.app, propertyId, "Third", guestCookie);
    await dashboard.waitFor((e) => (e.data as { unreadMessageCount?: number }).unreadMessageCount === 3);
    expect(theirs.events).toEqual([{ event: "unread-count", data: { unreadMessageCount: 0 } }]);

    // Reading on one device updates the count on the others.
    const thread = (
      await t.app.inject({ url: `/api/conversations/${conversationId}`, headers: { cookie: host.cookie } })
    ).json();
    await t.app.inject({
      method: "POST",
      url: `/api/conversations/${conversationId}/read`,
      headers: { cookie: host.cookie },
      payload: { messageIds: thread.messages.map((m: { id: string }) => m.id) },
    });
    await dashboard.waitFor((e) => (e.data as { unreadMessageCount?: number }).unreadMessageCount === 1);
    for (const s of [dashboard, guest, other, theirs]) s.close();
  });

  it("needs a session, caps the streams of one session, and closes them when the session ends", async () => {
    expect((await t.app.inject({ url: "/api/events" })).statusCode).toBe(401);
    const { host } = await messagingHost(t.app, t);
    // The heartbeat is an interval: faked from the start, so the test can move it on.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const before = countEventStreams(t.ctx);
    const streams = Array.from({ length: MAX_STREAMS_PER_OWNER + 1 }, () => listen(base, "/api/events", host.cookie));
    for (const s of streams) {
      await s.opened;
      await s.waitFor((e) => e.event === "unread-count");
    }
    // The six requests go out together, so which one the server met first (and closes) is not known here.
    await vi.waitFor(() => expect(streams.filter((s) => s.closed)).toHaveLength(1), { timeout: 6000 });
    expect(countEventStreams(t.ctx) - before).toBe(MAX_STREAMS_PER_OWNER);

    try {
      await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: host.cookie } });
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await vi.waitFor(() => expect(streams.every((s) => s.closed)).toBe(true), { timeout: 6000 });
    } finally {
      vi.useRealTimers();
    }
  });
});

// Scaled mode: a message received by instance A reaches a dashboard connected to instance B.
describe.runIf(process.env.TEST_REDIS_URL)("live messaging events across two instances (Redis pub/sub)", () => {
  let a: TestApp;
  let b: FastifyInstance;
  let baseB: string;
  beforeAll(async () => {
    a = await createTestApp({ configure: (c) => ({ ...c, redisUrl: process.env.TEST_REDIS_URL }) });
    b = (await buildApp({ config: a.config, database: a.database, overrides: { now: () => new Date(a.clock.now) } }))
      .app;
    addSameOrigin(b, a.config.publicUrl);
    await b.listen({ port: 0, host: "127.0.0.1" });
    baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("delivers a guest's message sent to A to the host's stream on B, and B's reply to the guest's stream on A", async () => {
    const { host, propertyId } = await messagingHost(a.app, a);
    const dashboard = listen(baseB, "/api/events", host.cookie);
    await dashboard.opened;
    // The stream's first event comes once B's subscription is live on Redis: no pause is needed before A publishes.
    await dashboard.waitFor((e) => e.event === "unread-count");
    const guestCookie = await guestWrites(a.app, propertyId, "Hello from instance A");
    const news = await dashboard.waitFor((e) => e.event === "new-message");
    dashboard.close();

    await a.app.listen({ port: 0, host: "127.0.0.1" });
    const baseA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const guest = listen(baseA, `/api/guide/${propertyId}/messages/events`, guestCookie);
    await guest.opened;
    await reply(b, host, (news.data as { conversationId: string }).conversationId, "Answered on B");
    expect((await guest.waitFor((e) => e.event === "new-message")).data).toMatchObject({ text: "Answered on B" });
    guest.close();
  });
});
