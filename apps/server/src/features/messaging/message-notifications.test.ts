import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailsTo } from "../../test/billing-helpers.ts";
import { buildProperty, buildUser, multipart, type TestUser } from "../../test/factories.ts";
import { sendMessageNotifications, UNREAD_EMAIL_AFTER_MS } from "./message-notifications.service.ts";

const e = copy.messagingEmails;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setUp() {
  const host = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" });
  await t.app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: host.cookie },
    payload: { inboundMessagingActive: true, outboundMessagingActive: true },
  });
  return { host, propertyId };
}

async function guestWrites(propertyId: string, fields: Record<string, string>, cookie = "") {
  const form = multipart([], { firstName: "Ana", lastName: "Silva", message: "Hello", ...fields });
  const res = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: `198.18.0.${Math.floor(Math.random() * 250)}`,
    headers: { ...form.headers, accept: "application/json", ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const set = String(res.headers["set-cookie"] ?? "");
  return set.startsWith("dsm=") ? set.split(";")[0]! : cookie;
}

async function hostReplies(host: TestUser, text: string) {
  const list = await t.app.inject({ url: "/api/conversations", headers: { cookie: host.cookie } });
  const id = list.json().items[0].id as string;
  const form = multipart([], { text });
  await t.app.inject({
    method: "POST",
    url: `/api/conversations/${id}/messages`,
    payload: form.payload,
    headers: { ...form.headers, cookie: host.cookie },
  });
  return id;
}

const templates = async (to: string) => (await emailsTo(t.ctx, to)).map((m) => m.template);

describe("messaging emails", () => {
  it("tells the host of a new conversation at once and of messages left unread after five minutes, once each", async () => {
    const { host, propertyId } = await setUp();
    const guest = await guestWrites(propertyId, { message: "Can we check in early?" });
    await sendMessageNotifications(t.ctx);
    const [first] = await emailsTo(t.ctx, host.email);
    expect(first).toMatchObject({
      template: "message-new-conversation",
      subject: e.newConversationSubject("Ana Silva", "Harbour Loft"),
    });
    expect(first!.text).toContain("Can we check in early?");
    expect(first!.text).toMatch(/\/messaging\/[0-9a-f-]{36}/);
    await sendMessageNotifications(t.ctx);
    expect(await templates(host.email)).toEqual(["message-new-conversation"]);

    // A second message, unread: nothing for five minutes, then one batched email.
    t.clock.advance(60_000);
    await guestWrites(propertyId, { message: "We land at 10." }, guest);
    await sendMessageNotifications(t.ctx);
    expect(await templates(host.email)).toEqual(["message-new-conversation"]);
    t.clock.advance(UNREAD_EMAIL_AFTER_MS);
    await sendMessageNotifications(t.ctx);
    const emails = await emailsTo(t.ctx, host.email);
    expect(emails.map((m) => m.template)).toEqual(["message-new-conversation", "message-unread"]);
    expect(emails[1]).toMatchObject({ subject: e.unreadSubject(1) });
    expect(emails[1]!.text).toContain(e.unreadLine("Ana Silva", "Harbour Loft", 1));
    await sendMessageNotifications(t.ctx);
    expect(await templates(host.email)).toHaveLength(2);
  });

  it("sends no unread email for a message the host read in time", async () => {
    const { host, propertyId } = await setUp();
    const guest = await guestWrites(propertyId, { message: "First" });
    await sendMessageNotifications(t.ctx);
    t.clock.advance(60_000);
    await guestWrites(propertyId, { message: "Second" }, guest);
    const list = await t.app.inject({ url: "/api/conversations", headers: { cookie: host.cookie } });
    const id = list.json().items[0].id;
    const thread = (await t.app.inject({ url: `/api/conversations/${id}`, headers: { cookie: host.cookie } })).json();
    await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/read`,
      headers: { cookie: host.cookie },
      payload: { messageIds: thread.messages.map((m: { id: string }) => m.id) },
    });
    t.clock.advance(UNREAD_EMAIL_AFTER_MS * 2);
    await sendMessageNotifications(t.ctx);
    expect(await templates(host.email)).toEqual(["message-new-conversation"]);
  });

  it("tells a guest who left an email of the host's reply, with a link to their thread; one who did not, nothing", async () => {
    const { host, propertyId } = await setUp();
    await guestWrites(propertyId, { message: "Towels?", email: "ana@example.com" });
    await hostReplies(host, "In the hall cupboard.");
    await sendMessageNotifications(t.ctx);
    const [mail] = await emailsTo(t.ctx, "ana@example.com");
    expect(mail).toMatchObject({ template: "message-host-replied", subject: e.replySubject("Harbour Loft") });
    expect(mail!.text).toContain("In the hall cupboard.");
    expect(mail!.text).toContain(`${t.config.publicUrl}/g/${propertyId}/messages`);
    await sendMessageNotifications(t.ctx);
    expect(await templates("ana@example.com")).toHaveLength(1);
  });

  it("tries a failed send again on the next run, and the message itself was never in doubt", async () => {
    const { host, propertyId } = await setUp();
    await guestWrites(propertyId, { message: "Hello?" });
    const send = t.ctx.email.send.bind(t.ctx.email);
    t.ctx.email.send = async () => {
      throw new Error("SMTP down");
    };
    try {
      expect(await sendMessageNotifications(t.ctx)).toBe(0);
    } finally {
      t.ctx.email.send = send;
    }
    expect(await templates(host.email)).toEqual([]);
    expect(await sendMessageNotifications(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await templates(host.email)).toEqual(["message-new-conversation"]);
  });
});
