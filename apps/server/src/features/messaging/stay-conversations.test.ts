import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, multipart, type TestUser } from "../../test/factories.ts";

// Decision 050: messages a guest sends from their stay's link belong to the stay; the inbox names the stay and
// the stay's page lists the conversation.

let t: TestApp;
let host: TestUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
  ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
  const res = await t.as(host, "PATCH", `/api/properties/${propertyId}`, { inboundMessagingActive: true });
  expect(res.statusCode).toBe(204);
});
afterAll(() => t.close());

const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

async function addStay(first: string, from: number, to: number): Promise<{ stayId: string; path: string }> {
  const res = await t.as(host, "POST", "/api/stays", {
    propertyId,
    guestFirstName: first,
    guestLastName: "Silva",
    checkInDate: day(from),
    checkOutDate: day(to),
  });
  expect(res.statusCode, res.body).toBe(201);
  const stayId = res.json().stay.id as string;
  const link = await t.as(host, "GET", `/api/stays/${stayId}/link`);
  return { stayId, path: new URL(link.json().url).pathname };
}

let ip = 0;
async function send(path: string, message: string, cookie = "", json = true) {
  const body = multipart([], { firstName: "Ana", lastName: "Silva", message, email: "", website: "" });
  return t.app.inject({
    method: "POST",
    url: `${path}/messages`,
    payload: body.payload,
    remoteAddress: `198.51.100.${++ip}`,
    headers: { ...body.headers, ...(json ? { accept: "application/json" } : {}), ...(cookie ? { cookie } : {}) },
  });
}
const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const set = res.headers["set-cookie"];
  const all = Array.isArray(set) ? set : typeof set === "string" ? [set] : [];
  return (all.find((c: string) => c.startsWith("dsm=")) ?? "").split(";")[0]!;
};

describe("stay conversations", () => {
  it("ties a message from the stay's link to the stay: the inbox names the guest and days, the stay lists it", async () => {
    const { stayId, path } = await addStay("Ana", 5, 8);
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain(`href="${path}/messages?lang=en"`);
    const messagesPage = await t.app.inject({ url: `${path}/messages` });
    expect(messagesPage.statusCode).toBe(200);
    expect(messagesPage.headers["cache-control"]).toBe("private, no-store");
    expect(messagesPage.headers["referrer-policy"]).toBe("no-referrer");
    expect(messagesPage.body).toContain(`action="${path}/messages?lang=en"`);

    const sent = await send(path, "Is there parking?");
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = (await t.as(host, "GET", "/api/conversations")).json();
    const [conversation] = inbox.items;
    expect(conversation).toMatchObject({
      lastMessage: "Is there parking?",
      stay: { id: stayId, guestName: "Ana Silva", checkInDate: day(5), checkOutDate: day(8) },
    });
    const ofStay = (await t.as(host, "GET", `/api/conversations?stayId=${stayId}`)).json();
    expect(ofStay.items.map((c: { id: string }) => c.id)).toEqual([conversation.id]);

    t.clock.advance(60_000);
    // The guest's next message, without JavaScript, joins the same conversation and comes back to the link.
    const again = await send(path, "Thanks", cookieOf(sent), false);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${path}/messages?sent=1&lang=en#thread-h`);
    const thread = (await t.as(host, "GET", `/api/conversations/${conversation.id}`)).json();
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual(["Is there parking?", "Thanks"]);
    const shown = await t.app.inject({ url: `${path}/messages` });
    expect(shown.body).toContain("Is there parking?");
  });

  it("keeps a message from the public guide without a stay, and another stay's list empty", async () => {
    const { stayId } = await addStay("Bea", 20, 22);
    const res = await send(`/g/${propertyId}`, "Public question");
    expect(res.statusCode).toBe(201);
    const inbox = (await t.as(host, "GET", "/api/conversations")).json();
    expect(inbox.items.find((c: { lastMessage: string }) => c.lastMessage === "Public question").stay).toBeNull();
    expect((await t.as(host, "GET", `/api/conversations?stayId=${stayId}`)).json().items).toEqual([]);
    // Another account sees none of it.
    const stranger = await buildUser(t.ctx);
    expect((await t.as(stranger, "GET", `/api/conversations?stayId=${stayId}`)).json().items).toEqual([]);
  });

  it("opens a protected guide's messages from the stay's link; a cancelled stay's and an unknown link take none", async () => {
    const { stayId, path } = await addStay("Cleo", 2, 4);
    await t.as(host, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const ok = await send(path, "Locked guide, open link");
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await send(`/g/${propertyId}`, "Without the passcode")).statusCode).toBe(404);
    await t.as(host, "POST", `/api/stays/${stayId}/cancel`);
    expect((await send(path, "After cancel")).statusCode).toBe(404);
    expect((await send("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "Guess")).statusCode).toBe(404);
    const page = await t.app.inject({ url: `${path}/messages` });
    expect(page.statusCode).toBe(303);
    await t.as(host, "DELETE", `/api/properties/${propertyId}/passcode`);
  });
});
