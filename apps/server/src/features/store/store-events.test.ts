import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { getJson } from "../../test/billing-helpers.ts";
import { buildUser } from "../../test/factories.ts";
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
    async waitFor(event: string, ms = 3000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const found = events.find((e) => e.event === event);
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
