import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.ts";
import { addSameOrigin, createTestApp, type TestApp } from "../../test/app.ts";
import { getJson } from "../../test/billing-helpers.ts";
import { buildMember, buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { createOfferFor, orderFromLink, stayWithToken } from "../../test/store-helpers.ts";

/** The events of a text/event-stream over real HTTP. */
function listen(base: string, cookie: string) {
  const events: { event: string; data: unknown }[] = [];
  let request: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get(`${base}/api/events`, { headers: { cookie, accept: "text/event-stream" } }, (res) => {
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
      resolve();
    });
    request.on("error", reject);
  });
  return {
    events,
    opened,
    close: () => request.destroy(),
    async waitFor(event: string, ms = 3000, match: (data: unknown) => boolean = () => true) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const found = events.find((e) => e.event === event && match(e.data));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${event} among ${JSON.stringify(events)}`);
    },
  };
}

describe("the store's live events", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("announces a new request on the host's stream with the pending count, and /api/me carries the badge", async () => {
    const host = await buildUser(t.ctx);
    expect(await getJson(t.app, host, "/api/me")).toMatchObject({ pendingOrderCount: 0, storeActive: false });
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const stream = listen(base, host.cookie);
    const stranger = listen(base, (await buildUser(t.ctx)).cookie);
    await stream.opened;
    await stranger.opened;
    await stream.waitFor("unread-count");
    const res = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" });
    const heard = await stream.waitFor("new-order");
    expect(heard.data).toEqual({ orderId: res.json().order.id, title: "Late check-out", pendingCount: 1 });
    expect(await getJson(t.app, host, "/api/me")).toMatchObject({ pendingOrderCount: 1, storeActive: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.events.map((e) => e.event)).toEqual(["unread-count"]);
    stream.close();
    stranger.close();
  });
});

/** A host with two properties, an offer on both, a stay on each, and an editor limited to the first. */
async function twoPropertiesAndAMember(app: FastifyInstance, ctx: TestApp["ctx"]) {
  const host = await buildUser(ctx);
  const offer = await createOfferFor(app, host);
  const mine = (await buildProperty(app, host)).propertyId;
  const other = (await buildProperty(app, host)).propertyId;
  const member: TestUser = await buildMember(ctx, host, "editor", [
    (await propertyRowOf(ctx, host.accountId, mine))!.id,
  ]);
  const onMine = await stayWithToken(app, ctx, host, { propertyId: mine });
  const onOther = await stayWithToken(app, ctx, host, { propertyId: other });
  return { host, member, offer, onMine, onOther };
}

describe("the store's live events for a member limited to chosen properties (decision 056)", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("hears new requests on their properties, with their own pending count, and none on the others", async () => {
    const { host, member, offer, onMine, onOther } = await twoPropertiesAndAMember(t.app, t.ctx);
    const owner = listen(base, host.cookie);
    const limited = listen(base, member.cookie);
    await owner.opened;
    await limited.opened;
    await owner.waitFor("unread-count");
    await limited.waitFor("unread-count");

    const elsewhere = await orderFromLink(t.app, onOther.token, { offerId: offer.id, slotTime: "13:00" });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    await owner.waitFor("new-order", 3000, (d) => (d as { orderId: string }).orderId === elsewhere.json().order.id);
    const theirs = await orderFromLink(t.app, onMine.token, { offerId: offer.id, slotTime: "14:00" });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(
      (await owner.waitFor("new-order", 3000, (d) => (d as { pendingCount: number }).pendingCount === 2)).data,
    ).toEqual({ orderId: theirs.json().order.id, title: "Late check-out", pendingCount: 2 });
    // The member hears theirs only, counted over their property (1, not the account's 2), like /api/me's badge.
    expect((await limited.waitFor("new-order")).data).toEqual({
      orderId: theirs.json().order.id,
      title: "Late check-out",
      pendingCount: 1,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(limited.events.filter((e) => e.event === "new-order")).toHaveLength(1);
    expect(await getJson(t.app, member, "/api/me")).toMatchObject({ pendingOrderCount: 1 });
    owner.close();
    limited.close();
  });
});

// Scaled mode: an order placed on instance A reaches the limited member's stream on instance B, and only theirs.
describe.runIf(process.env.TEST_REDIS_URL)("the store's live events across two instances (Redis pub/sub)", () => {
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

  it("delivers a request made on A to the limited member's stream on B, and not one on another property", async () => {
    const { member, offer, onMine, onOther } = await twoPropertiesAndAMember(a.app, a.ctx);
    const limited = listen(baseB, member.cookie);
    await limited.opened;
    await limited.waitFor("unread-count");
    expect((await orderFromLink(a.app, onOther.token, { offerId: offer.id, slotTime: "13:00" })).statusCode).toBe(201);
    const theirs = await orderFromLink(a.app, onMine.token, { offerId: offer.id, slotTime: "13:00" });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await limited.waitFor("new-order")).data).toEqual({
      orderId: theirs.json().order.id,
      title: "Late check-out",
      pendingCount: 1,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(limited.events.filter((e) => e.event === "new-order")).toHaveLength(1);
    limited.close();
  });
});
