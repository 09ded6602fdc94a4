import { copy } from "@doorstep/shared/copy";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationMessages, messageFiles } from "../../db/schema/messaging.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart } from "../../test/factories.ts";
import { makePdf } from "../../test/media-fixtures.ts";

const g = copy.guestMessaging;
const m = copy.messaging;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCount = 0;
/** Each guest writes from their own address, so the per-IP limit is a test of its own. */
const newIp = () => `203.0.113.${++ipCount}`;

interface Guest {
  cookie: string;
  ip: string;
}
const newGuest = (): Guest => ({ cookie: "", ip: newIp() });

const api: TestApp["as"] = (...request) => t.as(...request);

async function hostWithMessaging(on = true) {
  const host = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" });
  if (on) {
    const res = await api(host, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: true,
      outboundMessagingActive: true,
    });
    expect(res.statusCode).toBe(204);
  }
  return { host, propertyId };
}

/** A guest's post from the guide, as the page's script sends it (JSON back) or as the plain form does. */
async function guestSend(
  guest: Guest,
  propertyId: string,
  fields: Record<string, string>,
  files: { filename: string; contentType: string; body: Buffer }[] = [],
  json = true,
) {
  const body = multipart(
    files.map((f) => ({ field: "files", ...f })),
    { firstName: "Ana", lastName: "Silva", message: "Hello", email: "", website: "", ...fields },
  );
  const res = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: body.payload,
    remoteAddress: guest.ip,
    headers: {
      ...body.headers,
      ...(json ? { accept: "application/json" } : {}),
      ...(guest.cookie ? { cookie: guest.cookie } : {}),
    },
  });
  const set = res.headers["set-cookie"];
  const made = (Array.isArray(set) ? set : set ? [set] : []).find((c) => c.startsWith("dsm="));
  if (made) guest.cookie = made.split(";")[0]!;
  return res;
}

const guestGet = (guest: Guest, url: string) =>
  t.app.inject({ url, remoteAddress: guest.ip, headers: guest.cookie ? { cookie: guest.cookie } : {} });

describe("messaging settings (MSG-17, OPEN-51, HOME-16)", () => {
  it("switches the account's messaging status with the properties' tick boxes, and the guide's way to write", async () => {
    const { host, propertyId } = await hostWithMessaging(false);
    const me = async () => (await api(host, "GET", "/api/me")).json();
    expect(await me()).toMatchObject({ user: { messagingActive: false }, unreadMessageCount: 0 });
    expect((await t.app.inject({ url: `/g/${propertyId}` })).body).not.toContain(g.entry);

    await api(host, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: true,
      outboundMessagingActive: true,
    });
    expect((await me()).user.messagingActive).toBe(true);
    const page = (await t.app.inject({ url: `/g/${propertyId}` })).body;
    expect(page).toContain(g.entry);
    expect(page).toContain(`href="/g/${propertyId}/messages?lang=en"`);

    await api(host, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: false,
      outboundMessagingActive: false,
    });
    expect((await me()).user.messagingActive).toBe(false);
    expect((await t.app.inject({ url: `/g/${propertyId}` })).body).not.toContain(g.entry);
  });
});

describe("a guest writes; the host reads and replies (GUIDE-18/19, MSG-01…18)", () => {
  it("creates a conversation, continues it, counts unread, marks read, and the reply with a photo reaches the guest's thread", async () => {
    const { host, propertyId } = await hostWithMessaging();
    const guest = newGuest();
    const first = await guestSend(guest, propertyId, { message: "Where are the towels?", email: "ana@example.com" }, [
      { filename: "door.png", contentType: "image/png", body: await makePng() },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(guest.cookie).toMatch(/^dsm=/);
    const sent = first.json().message;
    expect(sent).toMatchObject({ inbound: true, text: "Where are the towels?", senderName: "Ana Silva" });
    expect(sent.files).toEqual([expect.objectContaining({ kind: "image", name: "door.png" })]);
    t.clock.advance(60_000);
    expect((await guestSend(guest, propertyId, { message: "And the Wi-Fi?" })).statusCode).toBe(201);

    const list = (await api(host, "GET", "/api/conversations")).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      title: "Ana Silva",
      guestName: "Ana Silva",
      propertyId,
      propertyTitle: "Harbour Loft",
      lastMessage: "And the Wi-Fi?",
      unreadCount: 2,
    });
    expect((await api(host, "GET", "/api/me")).json().unreadMessageCount).toBe(2);
    const id = list.items[0].id;
    const conversation = (await api(host, "GET", `/api/conversations/${id}`)).json();
    expect(conversation.conversation.replyAllowed).toBe(true);
    expect(conversation.messages.map((x: { text: string }) => x.text)).toEqual([
      "Where are the towels?",
      "And the Wi-Fi?",
    ]);
    const photo = conversation.messages[0].files[0];
    expect(photo.url).toBe(`/api/message-files/${photo.id}`);
    const served = await api(host, "GET", photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("private, max-age=300");

    const read = await api(host, "POST", `/api/conversations/${id}/read`, {
      messageIds: conversation.messages.map((x: { id: string }) => x.id),
    });
    expect(read.json()).toEqual({ unreadMessageCount: 0 });
    expect((await api(host, "GET", "/api/me")).json().unreadMessageCount).toBe(0);

    t.clock.advance(60_000);
    const reply = multipart(
      [{ field: "files", filename: "towels.png", contentType: "image/png", body: await makePng() }],
      {
        text: "In the hall cupboard. See https://example.com/map",
      },
    );
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/messages`,
      payload: reply.payload,
      headers: { ...reply.headers, cookie: host.cookie },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().message).toMatchObject({ inbound: false, senderName: "Alex" });
    expect((await api(host, "GET", "/api/conversations")).json().items[0].lastMessage).toBe(
      "In the hall cupboard. See https://example.com/map",
    );

    // The guest's thread: JSON for the script, and the page itself, with the reply and its photo.
    const thread = (await guestGet(guest, `/api/guide/${propertyId}/messages`)).json();
    expect(thread.open).toBe(true);
    expect(thread.messages.map((x: { inbound: boolean }) => x.inbound)).toEqual([true, true, false]);
    const replyPhoto = thread.messages[2].files[0];
    expect(replyPhoto.url).toBe(`/g/${propertyId}/messages/files/${replyPhoto.id}`);
    expect((await guestGet(guest, replyPhoto.url)).statusCode).toBe(200);
    const page = await guestGet(guest, `/g/${propertyId}/messages`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain("In the hall cupboard.");
    expect(page.body).toContain(
      'href="https://example.com/map" target="_blank" rel="noopener noreferrer nofollow ugc"',
    );
    // The names carry over to the next message.
    expect(page.body).toContain('value="Ana"');

    // Nobody else reads them: another guest, no guest, another account, or the public file route.
    const other = newGuest();
    await guestSend(other, propertyId, { firstName: "Ben", lastName: "Ng", message: "Hi" });
    expect((await guestGet(other, `/api/guide/${propertyId}/messages`)).json().messages).toHaveLength(1);
    expect((await guestGet(other, replyPhoto.url)).statusCode).toBe(404);
    expect((await guestGet(newGuest(), replyPhoto.url)).statusCode).toBe(404);
    expect((await guestGet(newGuest(), `/api/guide/${propertyId}/messages`)).json().messages).toEqual([]);
    const stranger = await buildUser(t.ctx);
    expect((await api(stranger, "GET", photo.url)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(conversationMessages).where(eq(conversationMessages.id, sent.id));
    const stored = await t.ctx.db.select().from(messageFiles).where(eq(messageFiles.messageId, row!.id));
    expect((await t.app.inject({ url: `/files/${stored[0]!.storageKey}` })).statusCode).toBe(404);
  });

  it("keeps what a guest typed and says what is wrong, with and without JavaScript; a plain post comes back to the thread", async () => {
    const { propertyId } = await hostWithMessaging();
    const guest = newGuest();
    const bad = await guestSend(guest, propertyId, { firstName: " ", message: "Is parking free?", email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues).toEqual(
      expect.arrayContaining([
        { path: ["firstName"], message: g.required(g.firstName) },
        { path: ["email"], message: g.emailInvalid },
      ]),
    );
    const plain = await guestSend(guest, propertyId, { firstName: " ", message: "Is parking free?" }, [], false);
    expect(plain.statusCode).toBe(400);
    expect(plain.headers["content-type"]).toContain("text/html");
    expect(plain.body).toContain(g.required(g.firstName));
    expect(plain.body).toContain("Is parking free?");
    expect(plain.body).toContain('aria-invalid="true"');

    const script = await guestSend(guest, propertyId, {}, [
      { filename: "notes.txt", contentType: "text/plain", body: Buffer.from("just text") },
    ]);
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toMatchObject({
      message: g.fileType,
      issues: [{ path: ["files"], message: g.fileType }],
    });
    const eleven = Array.from({ length: 11 }, () => ({
      filename: "a.pdf",
      contentType: "application/pdf",
      body: makePdf(),
    }));
    const tooMany = await guestSend(guest, propertyId, { message: "Eleven" }, eleven, false);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(g.tooManyFiles(10));
    expect(tooMany.body).toContain("Eleven");

    const ok = await guestSend(guest, propertyId, { message: "Thanks!" }, [], false);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/g/${propertyId}/messages?sent=1&lang=en#thread-h`);
    const after = await guestGet(guest, `/g/${propertyId}/messages?sent=1`);
    expect(after.body).toContain(g.sent);
    expect(after.body).toContain("Thanks!");
  });

  it("drops a robot's message (honeypot) and a blocked guest's, storing nothing", async () => {
    const { host, propertyId } = await hostWithMessaging();
    const robot = newGuest();
    const res = await guestSend(robot, propertyId, { website: "http://spam.example", message: "Buy now" });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBeNull();
    expect((await api(host, "GET", "/api/conversations")).json().items).toEqual([]);

    const guest = newGuest();
    await guestSend(guest, propertyId, { message: "First" });
    const id = (await api(host, "GET", "/api/conversations")).json().items[0].id;
    expect((await api(host, "PATCH", `/api/conversations/${id}`, { blocked: true })).statusCode).toBe(204);
    expect((await guestSend(guest, propertyId, { message: "Again and again" })).json().message).toBeNull();
    const conversation = (await api(host, "GET", `/api/conversations/${id}`)).json();
    expect(conversation.messages.map((x: { text: string }) => x.text)).toEqual(["First"]);
    expect(conversation.conversation.blocked).toBe(true);
  });

  it("takes no messages while messaging is off or the guide is locked; the host's reply box follows the tick box (MSG-07, MSG-09)", async () => {
    const { host, propertyId } = await hostWithMessaging();
    const guest = newGuest();
    await guestSend(guest, propertyId, { message: "Hello" });
    const id = (await api(host, "GET", "/api/conversations")).json().items[0].id;

    const eleven = multipart(
      Array.from({ length: 11 }, () => ({
        field: "files",
        filename: "a.pdf",
        contentType: "application/pdf",
        body: makePdf(),
      })),
      { text: "Files" },
    );
    const tooMany = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/messages`,
      payload: eleven.payload,
      headers: { ...eleven.headers, cookie: host.cookie },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(m.tooManyFiles(10));
    const empty = multipart([], { text: "  " });
    const blank = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/messages`,
      payload: empty.payload,
      headers: { ...empty.headers, cookie: host.cookie },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(m.emptyReply);

    await api(host, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: false,
      outboundMessagingActive: false,
    });
    const off = await guestSend(guest, propertyId, { message: "Still there?" });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe(g.off);
    expect((await guestGet(guest, `/g/${propertyId}/messages`)).body).toContain(g.off);
    expect((await api(host, "GET", `/api/conversations/${id}`)).json().conversation.replyAllowed).toBe(false);
    const reply = multipart([], { text: "Hello?" });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${id}/messages`,
      payload: reply.payload,
      headers: { ...reply.headers, cookie: host.cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(m.replyOff);

    // A protected guide: the messages need the passcode first.
    await api(host, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: true,
      outboundMessagingActive: true,
    });
    await api(host, "PUT" as "PATCH", `/api/properties/${propertyId}/passcode`, { passcode: "123456" });
    const locked = await guestGet(guest, `/g/${propertyId}/messages`);
    expect(locked.statusCode).toBe(303);
    expect(locked.headers.location).toBe(`/g/${propertyId}`);
    expect((await guestSend(guest, propertyId, { message: "Locked out" })).statusCode).toBe(404);
    expect((await guestGet(guest, `/api/guide/${propertyId}/messages`)).statusCode).toBe(404);
  });

  it("holds back a guest who sends too many, then lets them write again", async () => {
    const { propertyId } = await hostWithMessaging();
    const guest = newGuest();
    for (let i = 0; i < 10; i += 1)
      expect((await guestSend(guest, propertyId, { message: `No. ${i}` })).statusCode).toBe(201);
    const held = await guestSend(guest, propertyId, { message: "One more" });
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toBe(g.tooMany);
    t.clock.advance(11 * 60_000);
    expect((await guestSend(guest, propertyId, { message: "Later" })).statusCode).toBe(201);
  });

  it("pages the inbox by latest message, and lists one property's conversations", async () => {
    const { host, propertyId } = await hostWithMessaging();
    const other = (await buildProperty(t.app, host, { title: "Beach Hut" })).propertyId;
    await api(host, "PATCH", `/api/properties/${other}`, { inboundMessagingActive: true });
    for (const [i, where] of [propertyId, other, propertyId].entries()) {
      t.clock.advance(1000);
      await guestSend(newGuest(), where, { firstName: `G${i}`, message: `M${i}` });
    }
    const page1 = (await api(host, "GET", "/api/conversations?limit=2")).json();
    expect(page1.items.map((c: { lastMessage: string }) => c.lastMessage)).toEqual(["M2", "M1"]);
    const page2 = (await api(host, "GET", `/api/conversations?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((c: { lastMessage: string }) => c.lastMessage)).toEqual(["M0"]);
    expect(page2.nextCursor).toBeNull();
    const hut = (await api(host, "GET", `/api/conversations?propertyId=${other}`)).json();
    expect(hut.items.map((c: { propertyTitle: string }) => c.propertyTitle)).toEqual(["Beach Hut"]);
  });
});
