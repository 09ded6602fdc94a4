import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueScheduledMessages } from "../../commands/send-scheduled-messages.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { startTwilioFake } from "../../test/fakes/twilio-fake.ts";

// SMS for scheduled messages (decision 050): offered only with Twilio configured, sent by the official package
// (to a fake Twilio over HTTP), delivery reports taken only with Twilio's signature.

const TOKEN = "twilio-auth-token";
const SID = `AC${"0".repeat(32)}`;
let fake: Awaited<ReturnType<typeof startTwilioFake>>;
let t: TestApp;
let host: TestUser;
let propertyId: string;

beforeAll(async () => {
  fake = await startTwilioFake();
  t = await createTestApp({
    config: { twilio: { accountSid: SID, authToken: TOKEN, from: "+15550001111", apiUrl: fake.url } },
  });
  host = await buildUser(t.ctx);
  ({ propertyId } = await buildProperty(t.app, host));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

async function smsStay(phone: string | null) {
  const res = await t.as(host, "POST", "/api/stays", {
    propertyId,
    guestFirstName: "Ana",
    ...(phone ? { guestPhone: phone } : {}),
    checkInDate: day(8),
    checkOutDate: day(10),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().stay.id as string;
}

const timeline = async (stayId: string) =>
  (await t.as(host, "GET", `/api/stays/${stayId}/scheduled-messages`)).json().items as {
    id: string;
    status: string;
    delivery: string | null;
    reason: string | null;
  }[];

describe("SMS with Twilio configured", () => {
  it("offers SMS, sends through Twilio with a status callback, and takes only signed delivery reports", async () => {
    expect((await t.as(host, "GET", "/api/message-rules")).json().smsAvailable).toBe(true);
    const rule = await t.as(host, "POST", "/api/message-rules", {
      name: "Welcome text",
      trigger: "booked",
      channel: "sms",
      texts: { en: { subject: "", body: "Hi {{stay.guestFirstName}}, your guide: {{stay.link}}" } },
      active: true,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const stayId = await smsStay("+351912345678");
    const noPhone = await smsStay(null);
    expect((await timeline(noPhone))[0]).toMatchObject({ status: "skipped", reason: "no-contact" });

    await sendDueScheduledMessages(t.ctx);
    const [message] = await timeline(stayId);
    expect(message).toMatchObject({ status: "sent", delivery: "queued" });
    const link = (await t.as(host, "GET", `/api/stays/${stayId}/link`)).json().url;
    const sent = fake.sent().find((m) => m.To === "+351912345678")!;
    expect(sent).toMatchObject({
      From: "+15550001111",
      Body: `Hi Ana, your guide: ${link}`,
      StatusCallback: `${t.config.publicUrl}/api/sms/status?message=${message!.id}`,
    });

    // Twilio's report, signed with the auth token over the callback address and the fields.
    const fields = { MessageSid: "SM1", MessageStatus: "delivered", AccountSid: SID };
    const report = (signature: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/sms/status?message=${message!.id}`,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await report("forged")).statusCode).toBe(403);
    expect((await timeline(stayId))[0]!.delivery).toBe("queued");
    const signature = twilio.getExpectedTwilioSignature(TOKEN, sent.StatusCallback!, fields);
    expect((await report(signature)).statusCode).toBe(204);
    expect((await timeline(stayId))[0]).toMatchObject({ status: "sent", delivery: "delivered" });
  });

  it("retries Twilio's refusal like any provider failure", async () => {
    const stayId = await smsStay("+351912345679");
    fake.state.failing = true;
    try {
      await sendDueScheduledMessages(t.ctx);
    } finally {
      fake.state.failing = false;
    }
    expect((await timeline(stayId))[0]).toMatchObject({
      status: "scheduled",
      reason: expect.stringContaining("is not valid"),
    });
  });
});

describe("SMS without Twilio", () => {
  it("is never offered, and a delivery report is refused", async () => {
    const plain = await createTestApp();
    try {
      const user = await buildUser(plain.ctx);
      expect((await plain.as(user, "GET", "/api/message-rules")).json().smsAvailable).toBe(false);
      const report = await plain.app.inject({
        method: "POST",
        url: "/api/sms/status?message=x",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "x" },
        payload: "MessageStatus=delivered",
      });
      expect(report.statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });
});
