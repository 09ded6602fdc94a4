import { copy } from "@doorstep/shared/copy";
import { fr } from "@doorstep/shared/guide-i18n/fr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueScheduledMessages } from "../../commands/send-scheduled-messages.ts";
import { PLAN_RULE_JOB, planRuleMessages } from "./scheduled-messages.service.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailsTo } from "../../test/billing-helpers.ts";
import { buildMember, buildProperty, buildUser, multipart, type TestUser } from "../../test/factories.ts";
import { propertyRowOf } from "../properties/property.service.ts";

// Scheduled guest messages (decision 050): rules, scheduling moved with the stay, sending once with retries,
// recipients and language, the stay's timeline and conversation, unsubscribing. The sender is run by the test
// (the job's function) on the test's clock; nothing waits.

const c = copy.scheduledMessages;
const DAY = 86_400_000;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (user: TestUser, method: Method, url: string, payload?: object) => t.as(user, method, url, payload);
const day = (n: number) => new Date(t.clock.now.getTime() + n * DAY).toISOString().slice(0, 10);
let mails = 0;
const newEmail = () => `guest-${++mails}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function hostWithProperty(title = "Harbour Loft") {
  const host = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(t.app, host, { title });
  await api(host, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
  return { host, propertyId };
}

async function addStay(host: TestUser, propertyId: string, from: number, to: number, extra: object = {}) {
  const res = await api(host, "POST", "/api/stays", {
    propertyId,
    guestFirstName: "Ana",
    guestLastName: "Silva",
    checkInDate: day(from),
    checkOutDate: day(to),
    doorCode: "4821#",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().stay as { id: string; guestEmail: string | null };
}

const rule = (extra: object = {}) => ({
  name: "Check-in instructions",
  trigger: "before-check-in",
  days: 1,
  atTime: "10:00",
  texts: { en: { subject: "Tomorrow", body: "Hi {{stay.guestFirstName}}, your code is {{stay.doorCode}}." } },
  active: true,
  ...extra,
});

/** Runs the background planning of a saved rule (the job "plan-rule-messages", as a worker would). */
const plan = (ruleId: string) => planRuleMessages(t.ctx, ruleId);

async function addRule(host: TestUser, body: object) {
  const res = await api(host, "POST", "/api/message-rules", body);
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().rule as { id: string };
  await plan(made.id);
  return made;
}

async function putRule(host: TestUser, id: string, body: object) {
  const res = await api(host, "PUT", `/api/message-rules/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
  await plan(id);
  return res;
}

const timeline = async (host: TestUser, stayId: string) => {
  const res = await api(host, "GET", `/api/stays/${stayId}/scheduled-messages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: {
      id: string;
      ruleName: string;
      status: string;
      dueAt: string;
      reason: string | null;
      sentAt: string | null;
    }[];
    noContact: boolean;
    unsubscribed: boolean;
  };
};

describe("message rules", () => {
  it("comes with four suggested rules, inactive, with our text; nothing is scheduled from them", async () => {
    const { host, propertyId } = await hostWithProperty();
    const stay = await addStay(host, propertyId, 3, 5, { guestEmail: newEmail() });
    const list = (await api(host, "GET", "/api/message-rules")).json();
    expect(list.items.map((r: { name: string; active: boolean }) => [r.name, r.active])).toEqual([
      [c.suggestions["booking-confirmation"].name, false],
      [c.suggestions["check-in-instructions"].name, false],
      [c.suggestions["check-out-reminder"].name, false],
      [c.suggestions["thank-you"].name, false],
    ]);
    expect(list.items[1]).toMatchObject({ trigger: "before-check-in", days: 1, atTime: "10:00" });
    expect(list.items[2]).toMatchObject({ trigger: "before-check-out", days: 1, atTime: "18:00" });
    expect(list.items[3]).toMatchObject({ trigger: "after-check-out", days: 1 });
    expect(list.items[0].texts.en.body).toContain("{{stay.link}}");
    expect(list).toMatchObject({ languages: ["en", "fr"], smsAvailable: false });
    // A second read makes no more.
    expect((await api(host, "GET", "/api/message-rules")).json().items).toHaveLength(4);
    expect((await timeline(host, stay.id)).items).toEqual([]);
    await sendDueScheduledMessages(t.ctx);
    expect(await emailsTo(t.ctx, stay.guestEmail!)).toEqual([]);
  });

  it("refuses a message naming a detail the product does not know, naming it; SMS without a provider; no text", async () => {
    const { host } = await hostWithProperty();
    const res = await api(host, "POST", "/api/message-rules", {
      ...rule(),
      texts: { en: { subject: "Hi", body: "Park in {{stay.parkingSpot}}, code {{stay.doorCode}}" } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: c.unknownDetail("stay.parkingSpot"),
      issues: [{ path: ["texts", "en", "body"], message: c.unknownDetail("stay.parkingSpot") }],
    });
    const sms = await api(host, "POST", "/api/message-rules", { ...rule(), channel: "sms" });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().error.message).toBe(c.smsUnavailable);
    const empty = await api(host, "POST", "/api/message-rules", {
      ...rule(),
      texts: { en: { subject: "", body: "" } },
    });
    expect(empty.json().error.message).toBe(c.textRequired);
  });

  it("previews a message for a sample stay in each language, with the property's title", async () => {
    const { host, propertyId } = await hostWithProperty("Villa Sol");
    const res = await api(host, "POST", "/api/message-rules/preview", {
      propertyId,
      texts: {
        en: { subject: "{{stay.propertyTitle}}", body: "Hi {{stay.guestFirstName}}: {{stay.link}} {{stay.doorCode}}" },
        fr: {
          subject: "{{stay.propertyTitle}}",
          body: "Bonjour {{stay.guestFirstName}}, arrivée {{stay.checkInDate}}",
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [en, frItem] = res.json().items;
    expect(en).toMatchObject({ language: "en", subject: "Villa Sol" });
    expect(en.body).toBe(`Hi Alex: ${t.config.publicUrl}/s/example 4821`);
    expect(frItem.language).toBe("fr");
    expect(frItem.body).toMatch(/^Bonjour Alex, arrivée \S+ \d+ \S+ \d{4}$/);
  });
});

describe("scheduling and sending", () => {
  it("sends the booking confirmation at once in the stay's language with its link, once, into the stay's conversation", async () => {
    const { host, propertyId } = await hostWithProperty();
    const list = (await api(host, "GET", "/api/message-rules")).json();
    const booking = list.items[0];
    const guest = newEmail();
    const saved = await putRule(host, booking.id, {
      name: booking.name,
      trigger: "booked",
      texts: {
        en: booking.texts.en,
        fr: {
          subject: "Votre séjour à {{stay.propertyTitle}}",
          body: "Bonjour {{stay.guestFirstName}} : {{stay.link}}",
        },
      },
      active: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await api(host, "PATCH", `/api/properties/${propertyId}`, { inboundMessagingActive: true });
    const stay = await addStay(host, propertyId, 10, 13, { guestEmail: guest, guestLanguage: "fr" });
    const before = await timeline(host, stay.id);
    expect(before.items).toMatchObject([
      { ruleName: booking.name, status: "scheduled", dueAt: t.clock.now.toISOString() },
    ]);
    // No conversation yet: the stay page's live stream has nothing to hear.
    const stayPath = new URL((await api(host, "GET", `/api/stays/${stay.id}/link`)).json().url).pathname;
    expect((await t.app.inject({ url: `${stayPath}/messages/events` })).statusCode).toBe(204);

    expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 1 });
    expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 0 });
    const [mail] = await emailsTo(t.ctx, guest);
    const link = (await api(host, "GET", `/api/stays/${stay.id}/link`)).json().url;
    expect(mail).toMatchObject({ subject: "Votre séjour à Harbour Loft", template: "scheduled-message" });
    expect(mail!.text).toContain(`Bonjour Ana : ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain('lang="fr"');
    expect(mail!.text).toContain(fr.stay.unsubscribeLink);
    // The guest answers from the stay link's messages page, which the email links to.
    expect(mail!.text).toContain(`${fr.messaging.entry}: ${link}/messages?lang=fr`);
    // The unsubscribe address is the stay's own (signed), not its link: it survives a new link and opens nothing.
    const unsubscribeUrl = /<(.+)>/.exec((mail!.headers as Record<string, string>)["List-Unsubscribe"]!)![1]!;
    expect(unsubscribeUrl).toMatch(new RegExp(`/unsubscribe/${stay.id}\\.[A-Za-z0-9_-]{22}$`));
    expect(unsubscribeUrl).not.toContain(new URL(link).pathname);
    expect(mail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const after = await timeline(host, stay.id);
    expect(after.items).toMatchObject([{ status: "sent", sentAt: t.clock.now.toISOString() }]);

    const inbox = (await api(host, "GET", `/api/conversations?stayId=${stay.id}`)).json();
    expect(inbox.items).toMatchObject([{ stay: { id: stay.id, guestName: "Ana Silva" } }]);
    const thread = (await api(host, "GET", `/api/conversations/${inbox.items[0].id}`)).json();
    expect(thread.messages).toMatchObject([
      { inbound: false, text: `Votre séjour à Harbour Loft\n\nBonjour Ana : ${link}` },
    ]);

    // The stay link's messages page refreshes the stay's conversation (not the guest's own thread): its script
    // reads it from the stay link, which holds the scheduled message.
    const path = new URL(link).pathname;
    const page = await t.app.inject({ url: `${path}/messages` });
    expect(page.body).toContain(`data-thread="${path}/messages/thread"`);
    expect(page.body).toContain(`data-events="${path}/messages/events"`);
    const live = await t.app.inject({ url: `${path}/messages/thread`, headers: { accept: "application/json" } });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().messages).toMatchObject([
      { inbound: false, text: `Votre séjour à Harbour Loft\n\nBonjour Ana : ${link}` },
    ]);
    const forgedThread = await t.app.inject({ url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/messages/thread" });
    expect(forgedThread.statusCode).toBe(404);

    // An edit of the stay sends nothing again.
    await api(host, "PATCH", `/api/stays/${stay.id}`, { notes: "Late arrival" });
    expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 0 });
    expect(await emailsTo(t.ctx, guest)).toHaveLength(1);
  });

  it("moves a stay's messages with its dates and its property's zone, and drops them when it is cancelled", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule());
    const email = newEmail();
    const stay = await addStay(host, propertyId, 10, 12, { guestEmail: email });
    const due = async () => (await timeline(host, stay.id)).items[0]?.dueAt;
    expect(await due()).toBe(`${day(9)}T10:00:00.000Z`);
    await api(host, "PATCH", `/api/stays/${stay.id}`, { checkInDate: day(11), checkOutDate: day(14) });
    expect(await due()).toBe(`${day(10)}T10:00:00.000Z`);
    // The property moves to Tokyo (UTC+9): 10:00 there is 01:00 UTC.
    expect((await api(host, "PATCH", `/api/properties/${propertyId}`, { timeZone: "Asia/Tokyo" })).statusCode).toBe(
      204,
    );
    expect(await due()).toBe(`${day(10)}T01:00:00.000Z`);
    await api(host, "POST", `/api/stays/${stay.id}/cancel`);
    expect((await timeline(host, stay.id)).items).toEqual([]);
    t.clock.advance(11 * DAY);
    try {
      await sendDueScheduledMessages(t.ctx);
      expect(await emailsTo(t.ctx, email)).toEqual([]);
    } finally {
      t.clock.advance(-11 * DAY);
    }
  });

  it("re-plans a message due at once inside the property's zone change (one transaction) without waiting on it", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule());
    const stay = await addStay(host, propertyId, 0, 2, { guestEmail: newEmail(), checkInTime: "23:59" });
    expect((await timeline(host, stay.id)).items[0]).toMatchObject({ status: "scheduled" });
    const moved = await api(host, "PATCH", `/api/properties/${propertyId}`, { timeZone: "Etc/GMT+12" });
    expect(moved.statusCode).toBe(204);
    expect((await timeline(host, stay.id)).items[0]).toMatchObject({
      status: "scheduled",
      dueAt: t.clock.now.toISOString(),
    });
  });

  it("sends a passed pre-arrival message at once if the stay has not started, and skips any other with the reason", async () => {
    const { host, propertyId } = await hostWithProperty();
    // Today's arrival, later than now: its "1 day before" is yesterday, so it goes at once.
    const arriving = await addStay(host, propertyId, 0, 2, { guestEmail: newEmail(), checkInTime: "23:59" });
    // Arrived yesterday: too late for check-in instructions, and for the check-out reminder of yesterday too.
    const ongoing = await addStay(host, propertyId, -1, 3, { guestEmail: newEmail() });
    const left = await addStay(host, propertyId, -5, -1, { guestEmail: newEmail() });
    await addRule(host, rule());
    await addRule(host, rule({ name: "Thanks", trigger: "after-check-out", days: 3, atTime: "10:00" }));
    expect((await timeline(host, arriving.id)).items[0]).toMatchObject({
      status: "scheduled",
      dueAt: t.clock.now.toISOString(),
    });
    expect((await timeline(host, ongoing.id)).items.map((m) => [m.ruleName, m.status, m.reason])).toEqual([
      ["Check-in instructions", "skipped", "passed"],
      ["Thanks", "scheduled", null],
    ]);
    // Left yesterday: its thank-you in 2 days is still ahead.
    expect((await timeline(host, left.id)).items.map((m) => [m.ruleName, m.status])).toEqual([["Thanks", "scheduled"]]);
  });

  it("skips a stay without a guest email, says so, and schedules what is ahead once one is added", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule());
    const stay = await addStay(host, propertyId, 6, 8);
    const before = await timeline(host, stay.id);
    expect(before).toMatchObject({ noContact: true, items: [{ status: "skipped", reason: "no-contact" }] });
    const email = newEmail();
    await api(host, "PATCH", `/api/stays/${stay.id}`, { guestEmail: email });
    expect(await timeline(host, stay.id)).toMatchObject({ noContact: false, items: [{ status: "scheduled" }] });
    t.clock.advance(5 * DAY + 11 * 3_600_000);
    try {
      await sendDueScheduledMessages(t.ctx);
      const [mail, ...more] = await emailsTo(t.ctx, email);
      expect(more).toEqual([]);
      expect(mail!.text).toContain("Hi Ana, your code is 4821#.");
    } finally {
      t.clock.advance(-(5 * DAY + 11 * 3_600_000));
    }
  });

  it("moves every unsent message when a rule is edited, drops them when it is switched off, schedules them when on", async () => {
    const { host, propertyId } = await hostWithProperty();
    const stays = [await addStay(host, propertyId, 7, 9, { guestEmail: newEmail() })];
    stays.push(await addStay(host, propertyId, 20, 22, { guestEmail: newEmail() }));
    const made = await addRule(host, rule());
    const dues = async () => Promise.all(stays.map(async (s) => (await timeline(host, s.id)).items[0]?.dueAt));
    expect(await dues()).toEqual([`${day(6)}T10:00:00.000Z`, `${day(19)}T10:00:00.000Z`]);
    await putRule(host, made.id, rule({ days: 2, atTime: "09:30" }));
    expect(await dues()).toEqual([`${day(5)}T09:30:00.000Z`, `${day(18)}T09:30:00.000Z`]);
    await putRule(host, made.id, rule({ active: false }));
    expect(await dues()).toEqual([undefined, undefined]);
    await putRule(host, made.id, rule());
    expect(await dues()).toEqual([`${day(6)}T10:00:00.000Z`, `${day(19)}T10:00:00.000Z`]);
    // Only for chosen properties: another property's stay gets none.
    const { propertyId: other } = await buildProperty(t.app, host, { title: "Another" }); // the account's first by title
    const elsewhere = await addStay(host, other, 7, 9, { guestEmail: newEmail() });
    expect((await timeline(host, elsewhere.id)).items).toHaveLength(1);
    await putRule(host, made.id, rule({ propertyIds: [propertyId] }));
    expect((await timeline(host, elsewhere.id)).items).toEqual([]);
    expect(await dues()).toEqual([`${day(6)}T10:00:00.000Z`, `${day(19)}T10:00:00.000Z`]);
    await api(host, "DELETE", `/api/message-rules/${made.id}`);
    expect(await dues()).toEqual([undefined, undefined]);
  });

  it("plans a saved rule in the background, a page at a time, resumably and once; never sends from it switched off", async () => {
    const { host, propertyId } = await hostWithProperty();
    const emails = [newEmail(), newEmail(), newEmail()];
    const stays = [
      await addStay(host, propertyId, 3, 5, { guestEmail: emails[0] }),
      await addStay(host, propertyId, 10, 12, { guestEmail: emails[1] }),
      await addStay(host, propertyId, 20, 22, { guestEmail: emails[2] }),
    ];
    // Stays are planned in the order of their ids: how many have their message, not which.
    const statuses = async () =>
      (await Promise.all(stays.map(async (s) => (await timeline(host, s.id)).items[0]?.status ?? "none"))).sort();
    const start = t.clock.now.getTime();
    const d2 = day(2);
    const advanceTo = (at: string) => t.clock.advance(Date.parse(at) - t.clock.now.getTime());
    try {
      // The save answers at once: nothing planned yet, the rule says so, and its job is queued by the rule.
      const res = await api(host, "POST", "/api/message-rules", rule());
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json().rule as { id: string; scheduling: boolean };
      expect(made.scheduling).toBe(true);
      expect(await statuses()).toEqual(["none", "none", "none"]);
      const queued = (await t.ctx.jobs.list()).filter((j) => j.name === PLAN_RULE_JOB && j.key === made.id);
      expect(queued.map((j) => j.state)).toEqual(["created"]);
      // A worker that dies after one page: the next run goes on from there.
      expect(await planRuleMessages(t.ctx, made.id, { limit: 1, pages: 1 })).toBe(1);
      const listed = async () =>
        (await api(host, "GET", "/api/message-rules")).json().items.find((r: { id: string }) => r.id === made.id);
      expect((await listed()).scheduling).toBe(true);
      // Switched off half-way: the message already planned is never sent, and the planning drops it.
      await api(host, "PUT", `/api/message-rules/${made.id}`, rule({ active: false }));
      advanceTo(`${d2}T10:01:00.000Z`);
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 0 });
      for (const email of emails) expect(await emailsTo(t.ctx, email!)).toEqual([]);
      await plan(made.id);
      expect(await statuses()).toEqual(["none", "none", "none"]);
      expect((await listed()).scheduling).toBe(false);
      advanceTo(new Date(start).toISOString());
      // On again, planned in pages of one over two runs, then once more: each stay has one message.
      await api(host, "PUT", `/api/message-rules/${made.id}`, rule());
      expect(await planRuleMessages(t.ctx, made.id, { limit: 1, pages: 2 })).toBe(2);
      expect(await statuses()).toEqual(["none", "scheduled", "scheduled"]);
      expect(await planRuleMessages(t.ctx, made.id, { limit: 1 })).toBe(1);
      expect(await plan(made.id)).toBe(0);
      expect(await statuses()).toEqual(["scheduled", "scheduled", "scheduled"]);
      expect((await listed()).scheduling).toBe(false);
      // Edited to later in the day, and its first message falls due at its old time before the planning
      // reaches it: the sender decides it against the rule as it is now, and it goes at the new time, once.
      await api(host, "PUT", `/api/message-rules/${made.id}`, rule({ atTime: "18:00" }));
      advanceTo(`${d2}T10:01:00.000Z`);
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 0 });
      expect((await timeline(host, stays[0]!.id)).items[0]).toMatchObject({
        status: "scheduled",
        dueAt: `${d2}T18:00:00.000Z`,
      });
      await plan(made.id);
      advanceTo(`${d2}T18:01:00.000Z`);
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 1 });
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 0 });
      expect(await emailsTo(t.ctx, emails[0]!)).toHaveLength(1);
      expect(await emailsTo(t.ctx, emails[1]!)).toEqual([]);
    } finally {
      advanceTo(new Date(start).toISOString());
    }
  });

  it("retries a provider's failure with backoff, then fails for the host's Retry", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule({ trigger: "booked" }));
    const email = newEmail();
    const stay = await addStay(host, propertyId, 4, 6, { guestEmail: email });
    const send = t.ctx.email.send;
    t.ctx.email.send = async () => {
      throw new Error("mailbox unavailable");
    };
    const start = t.clock.now.getTime();
    try {
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ failed: 1 });
      const [first] = (await timeline(host, stay.id)).items;
      expect(first).toMatchObject({ status: "scheduled", reason: "mailbox unavailable" });
      expect(Date.parse(first!.dueAt) - t.clock.now.getTime()).toBe(30_000);
      // Not before its backoff.
      expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ failed: 0 });
      for (let i = 0; i < 5; i++) {
        t.clock.advance(40 * 60_000);
        expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ failed: 1 });
      }
      expect((await timeline(host, stay.id)).items[0]).toMatchObject({ status: "failed" });
    } finally {
      t.ctx.email.send = send;
    }
    const [failed] = (await timeline(host, stay.id)).items;
    const retry = await api(host, "POST", `/api/scheduled-messages/${failed!.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toMatchObject({ status: "scheduled" });
    expect(await sendDueScheduledMessages(t.ctx)).toMatchObject({ sent: 1 });
    expect(await emailsTo(t.ctx, email)).toHaveLength(1);
    t.clock.advance(start - t.clock.now.getTime());
  });

  it("stops a stay's messages with one click on its unsubscribe link; a look at the page changes nothing", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule({ name: "Booked", trigger: "booked" }));
    await addRule(host, rule());
    const email = newEmail();
    const stay = await addStay(host, propertyId, 5, 7, { guestEmail: email, guestLanguage: "fr" });
    await sendDueScheduledMessages(t.ctx);
    const [mail] = await emailsTo(t.ctx, email);
    const url = new URL(/<(.+)>/.exec((mail!.headers as Record<string, string>)["List-Unsubscribe"]!)![1]!);
    // "New link" on the stay: the old email's unsubscribe still works.
    expect((await api(host, "POST", `/api/stays/${stay.id}/link`)).statusCode).toBe(200);
    const page = await t.app.inject({ url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(fr.stay.unsubscribeAsk);
    expect((await timeline(host, stay.id)).unsubscribed).toBe(false);
    const done = await t.app.inject({
      method: "POST",
      url: url.pathname,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(fr.stay.unsubscribed);
    const after = await timeline(host, stay.id);
    expect(after.unsubscribed).toBe(true);
    expect(after.items.map((m) => [m.ruleName, m.status, m.reason])).toEqual([
      ["Booked", "sent", null],
      ["Check-in instructions", "skipped", "unsubscribed"],
    ]);
    const forged = await t.app.inject({ method: "POST", url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/unsubscribe" });
    expect(forged.statusCode).toBe(404);
    // Another stay's id with this stay's signature, or a made-up one, unsubscribes nobody.
    const other = await addStay(host, propertyId, 8, 9, { guestEmail: newEmail() });
    const mac = url.pathname.split(".")[1]!;
    for (const key of [`${other.id}.${mac}`, `${other.id}.${"A".repeat(22)}`, other.id]) {
      const res = await t.app.inject({ method: "POST", url: `/unsubscribe/${key}` });
      expect(res.statusCode, key).toBe(404);
    }
    expect((await timeline(host, other.id)).unsubscribed).toBe(false);
  });

  it("schedules the stays a CSV import makes, and moves them when the same file comes back with new dates", async () => {
    const { host, propertyId } = await hostWithProperty();
    await addRule(host, rule());
    const email = newEmail();
    const csv = (from: number, to: number) =>
      `reservation_id,property_id,guest_first_name,guest_email,check_in,check_out\nR-1,${propertyId},Ana,${email},${day(from)},${day(to)}\n`;
    const send = async (url: string, body: string, fields: Record<string, string>) => {
      const form = multipart(
        [{ field: "file", filename: "stays.csv", contentType: "text/csv", body: Buffer.from(body) }],
        fields,
      );
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: form.payload,
        headers: { ...form.headers, cookie: host.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const importCsv = async (body: string) => {
      const { digest } = await send("/api/stays/import/preview", body, { locale: "en-GB" });
      return send("/api/stays/import", body, { locale: "en-GB", digest });
    };
    const { rows } = await importCsv(csv(12, 14));
    const stayId = rows[0].stayId as string;
    expect((await timeline(host, stayId)).items[0]).toMatchObject({ dueAt: `${day(11)}T10:00:00.000Z` });
    await importCsv(csv(15, 17));
    expect((await timeline(host, stayId)).items[0]).toMatchObject({ dueAt: `${day(14)}T10:00:00.000Z` });
  });

  it("answers 404 for another account's stay timeline and message", async () => {
    const { host, propertyId } = await hostWithProperty();
    const stranger = await buildUser(t.ctx);
    const stay = await addStay(host, propertyId, 5, 7);
    expect((await api(stranger, "GET", `/api/stays/${stay.id}/scheduled-messages`)).statusCode).toBe(404);
  });
});

describe("a member limited to chosen properties (decision 061)", () => {
  it("sees and manages only the rules wholly within their properties; all properties is refused with a coded error", async () => {
    const { host, propertyId: mine } = await hostWithProperty("Mine");
    const { propertyId: other } = await buildProperty(t.app, host, { title: "Another" }); // the account's first by title
    const mineRow = (await propertyRowOf(t.ctx, host.accountId, mine))!.id;
    const editor = await buildMember(t.ctx, host, "editor", [mineRow]);
    const make = async (name: string, propertyIds: string[] | null) => {
      const res = await api(host, "POST", "/api/message-rules", rule({ name, propertyIds }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().rule.id as string;
    };
    const own = await make("Own", [mine]);
    const forAll = await make("For all", null);
    const foreign = await make("Foreign", [other]);
    const mixed = await make("Mixed", [mine, other]);

    // The list holds only the rule wholly theirs (the four suggestions are for all properties), and the form
    // offers only their property; the owner's is whole.
    const list = (await api(editor, "GET", "/api/message-rules")).json();
    expect(list.items.map((r: { id: string }) => r.id)).toEqual([own]);
    expect(list.properties.map((p: { propertyId: string }) => p.propertyId)).toEqual([mine]);
    const ownerList = (await api(host, "GET", "/api/message-rules")).json();
    expect(ownerList.items.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([own, forAll, foreign, mixed]),
    );
    expect(ownerList.items).toHaveLength(8);
    expect(ownerList.properties).toHaveLength(2);

    // Every other rule answers as if it did not exist, on every id route, and stays as it was.
    for (const id of [forAll, foreign, mixed]) {
      for (const [method, body] of [
        ["GET"],
        ["PUT", rule({ name: "Hijacked", propertyIds: [mine] })],
        ["DELETE"],
      ] as const) {
        const res = await api(editor, method, `/api/message-rules/${id}`, body);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().error.message).toBe("Scheduled message not found");
      }
      expect((await api(host, "GET", `/api/message-rules/${id}`)).json().rule.name).not.toBe("Hijacked");
    }

    // Creating or re-pointing a rule: all properties is refused at the field, another property is not found.
    for (const [method, url] of [
      ["POST", "/api/message-rules"],
      ["PUT", `/api/message-rules/${own}`],
    ] as const) {
      const all = await api(editor, method, url, rule({ propertyIds: null }));
      expect(all.statusCode).toBe(400);
      expect(all.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: copy.teamErrors.allPropertiesNotAllowed,
        issues: [{ path: ["propertyIds"], message: copy.teamErrors.allPropertiesNotAllowed }],
      });
      const outside = await api(editor, method, url, rule({ propertyIds: [mine, other] }));
      expect(outside.statusCode).toBe(404);
      expect(outside.json().error.message).toBe("Property not found");
    }
    expect((await api(editor, "GET", `/api/message-rules/${own}`)).json().rule.propertyIds).toEqual([mine]);

    // Their own rule: created, read, changed and deleted.
    const created = await api(editor, "POST", "/api/message-rules", rule({ name: "Editor's", propertyIds: [mine] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().rule.id as string;
    const changed = await api(
      editor,
      "PUT",
      `/api/message-rules/${id}`,
      rule({ name: "Changed", propertyIds: [mine] }),
    );
    expect(changed.json().rule.name).toBe("Changed");
    expect((await api(editor, "DELETE", `/api/message-rules/${id}`)).statusCode).toBe(204);

    // The preview without a property fills in theirs, not the account's first.
    const preview = await api(editor, "POST", "/api/message-rules/preview", {
      texts: { en: { subject: "{{stay.propertyTitle}}", body: "Hi" } },
    });
    expect(preview.json().items[0].subject).toBe("Mine");
    expect((await api(editor, "POST", "/api/message-rules/preview", { propertyId: other, texts: {} })).statusCode).toBe(
      404,
    );

    // The owner is unaffected: all properties, and any rule.
    expect((await api(host, "PUT", `/api/message-rules/${forAll}`, rule({ propertyIds: null }))).statusCode).toBe(200);
    expect((await api(host, "DELETE", `/api/message-rules/${foreign}`)).statusCode).toBe(204);
  });
});
