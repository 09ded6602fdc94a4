import { createECDH, randomBytes } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import { eq } from "drizzle-orm";
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema/messaging.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startFakePushService } from "../../test/fakes/push-service-fake.ts";
import { buildProperty, buildUser, multipart, type TestUser } from "../../test/factories.ts";
import { sendMessageNotifications } from "./message-notifications.service.ts";

const g = copy.guestMessaging;
let t: TestApp;
let push: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  push = await startFakePushService();
  // The push service in tests is plain http on 127.0.0.1; production allows only the browsers' push services.
  t = await createTestApp({ configure: (c) => ({ ...c, push: { hosts: ["127.0.0.1"], allowHttp: true } }) });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** A browser's subscription: a real P-256 key pair and auth secret, so the server's encryption can be opened. */
function browser(path: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${push.url}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

async function conversation() {
  const host = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" });
  await t.app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: host.cookie },
    payload: { inboundMessagingActive: true },
  });
  const form = multipart([], { firstName: "Ana", lastName: "Silva", message: "Hello" });
  const sent = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: `198.19.0.${Math.floor(Math.random() * 250)}`,
    headers: { ...form.headers, accept: "application/json" },
  });
  const guest = String(sent.headers["set-cookie"]).split(";")[0]!;
  return { host, propertyId, guest };
}

async function reply(host: TestUser, text: string) {
  const id = (await t.app.inject({ url: "/api/conversations", headers: { cookie: host.cookie } })).json().items[0].id;
  const form = multipart([], { text });
  await t.app.inject({
    method: "POST",
    url: `/api/conversations/${id}/messages`,
    payload: form.payload,
    headers: { ...form.headers, cookie: host.cookie },
  });
}

const subscribe = (propertyId: string, cookie: string, body: object, method: "POST" | "DELETE" = "POST") =>
  t.app.inject({
    method,
    url: `/api/guide/${propertyId}/messages/push`,
    headers: cookie ? { cookie } : {},
    payload: body,
  });

describe("Web Push to guests (IMPL-08)", () => {
  it("pushes the host's reply to the guest's browser, VAPID-signed and encrypted for it alone", async () => {
    const { host, propertyId, guest } = await conversation();
    const phone = browser("/push/phone-1");
    expect((await subscribe(propertyId, guest, phone.json)).statusCode).toBe(204);
    // The messages page carries the key the browser subscribes with.
    const page = await t.app.inject({ url: `/g/${propertyId}/messages`, headers: { cookie: guest } });
    expect(page.body).toContain(`data-push-key="${t.ctx.push.publicKey}"`);

    await reply(host, "The code is 4321.");
    await sendMessageNotifications(t.ctx);
    expect(push.deliveries.filter((d) => d.path === "/push/phone-1")).toHaveLength(1);
    const delivery = push.deliveries.find((d) => d.path === "/push/phone-1")!;
    expect(delivery.headers["content-encoding"]).toBe("aes128gcm");
    expect(delivery.headers.ttl).toBeDefined();
    expect(String(delivery.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(String(delivery.headers.authorization)).toContain(`k=${t.ctx.push.publicKey}`);
    const plain = ece.decrypt(delivery.body, { version: "aes128gcm", privateKey: phone.ecdh, authSecret: phone.auth });
    expect(JSON.parse(plain.toString())).toEqual({
      title: g.newReply,
      body: "The code is 4321.",
      url: `${t.config.publicUrl}/g/${propertyId}/messages`,
    });
    // Once: the next run sends nothing more.
    await sendMessageNotifications(t.ctx);
    expect(push.deliveries.filter((d) => d.path === "/push/phone-1")).toHaveLength(1);
  });

  it("forgets a subscription the push service says is gone, and one the guest turns off", async () => {
    const { host, propertyId, guest } = await conversation();
    const old = browser("/push/gone-1");
    const laptop = browser("/push/laptop-1");
    await subscribe(propertyId, guest, old.json);
    await subscribe(propertyId, guest, laptop.json);
    push.gone.add("/push/gone-1");
    await reply(host, "First");
    await sendMessageNotifications(t.ctx);
    const left = await t.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, old.json.endpoint));
    expect(left).toEqual([]);
    expect(push.deliveries.filter((d) => d.path === "/push/laptop-1")).toHaveLength(1);

    expect((await subscribe(propertyId, guest, { endpoint: laptop.json.endpoint }, "DELETE")).statusCode).toBe(204);
    await reply(host, "Second");
    await sendMessageNotifications(t.ctx);
    expect(push.deliveries.filter((d) => d.path === "/push/laptop-1")).toHaveLength(1);
  });

  it("takes subscriptions only from a guest who has written, and only to a push service's address", async () => {
    const { propertyId, guest } = await conversation();
    const stranger = await subscribe(propertyId, "", browser("/push/x").json);
    expect(stranger.statusCode).toBe(409);
    const elsewhere = browser("/push/y").json;
    const evil = await subscribe(propertyId, guest, { ...elsewhere, endpoint: "https://169.254.169.254/latest" });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().error.message).toBe(g.notifyFailed);
    const bad = await subscribe(propertyId, guest, { endpoint: "not a url", keys: { p256dh: "", auth: "" } });
    expect(bad.statusCode).toBe(400);
  });
});
