import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { storeLabels } from "@doorstep/shared/guide-i18n/store-labels";
import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import { localStorePayments } from "../../db/schema/local-gateway.ts";
import { storeOrders } from "../../db/schema/store.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailsTo, getJson } from "../../test/billing-helpers.ts";
import { buildMember, buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import {
  card,
  createOfferFor,
  dayFrom,
  LATE_CHECK_OUT,
  orderFromLink,
  stayWithToken,
} from "../../test/store-helpers.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { cancelStay, getStay, updateStay } from "../stays/stays.service.ts";
import { authoriseDeferredOrder, expireOrder, STORE_AUTHORISE_JOB, STORE_DEADLINE_JOB } from "./store-jobs.service.ts";

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx, { firstName: "Maria" });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const payment = async (ref: string) =>
  (await t.ctx.db.select().from(localStorePayments).where(eq(localStorePayments.id, ref)))[0]!;
const orderRow = async (id: string) => (await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, id)))[0]!;
const guestStore = (token: string) => t.app.inject({ url: `/api/stay-store/${token}` });

describe("offers", () => {
  it("creates an offer with its description sanitised, lists it, and keeps it from other accounts", async () => {
    const offer = await createOfferFor(t.app, host);
    const store = await getJson(t.app, host, "/api/store");
    const mine = store.offers.find((o: { id: string }) => o.id === offer.id);
    expect(mine.texts.en.description).toBe("<p>Stay longer</p>");
    expect(store.settings).toEqual({ currency: "usd", answerWithinHours: 24 });
    expect(store.payout).toEqual({ gateway: "local", connected: true, ready: true });
    const stranger = await buildUser(t.ctx);
    const res = await t.as(stranger, "GET", `/api/store/offers/${offer.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Offer not found");
  });

  it("refuses an early check-in without slots and an extra without a price", async () => {
    const bad = await t.as(host, "POST", "/api/store/offers", {
      type: "early-check-in",
      texts: { en: { title: "Early" } },
      slots: [],
      confirmation: "approve",
      propertyIds: null,
      active: true,
    });
    expect(bad.statusCode).toBe(400);
    const extra = await t.as(host, "POST", "/api/store/offers", {
      type: "extra",
      texts: { en: { title: "Breakfast" } },
      confirmation: "instant",
      propertyIds: null,
      active: true,
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe("a member limited to chosen properties (decision 061)", () => {
  it("sees and manages only the offers wholly within their properties; all properties is refused with a coded error", async () => {
    const owner = await buildUser(t.ctx);
    const { propertyId: mine } = await buildProperty(t.app, owner, { title: "Mine" });
    const { propertyId: other } = await buildProperty(t.app, owner, { title: "Other" });
    const mineRow = (await propertyRowOf(t.ctx, owner.accountId, mine))!.id;
    const editor = await buildMember(t.ctx, owner, "editor", [mineRow]);
    const own = (await createOfferFor(t.app, owner, { propertyIds: [mine] })).id;
    const forAll = (await createOfferFor(t.app, owner, { propertyIds: null })).id;
    const foreign = (await createOfferFor(t.app, owner, { propertyIds: [other] })).id;
    const mixed = (await createOfferFor(t.app, owner, { propertyIds: [mine, other] })).id;

    const ids = async (user: TestUser) =>
      (await getJson(t.app, user, "/api/store")).offers.map((o: { id: string }) => o.id as string);
    expect(await ids(editor)).toEqual([own]);
    expect(await ids(owner)).toEqual(expect.arrayContaining([own, forAll, foreign, mixed]));

    // Every other offer answers as if it did not exist, on every id route, and stays as it was.
    for (const id of [forAll, foreign, mixed]) {
      for (const [method, url, body] of [
        ["GET", `/api/store/offers/${id}`],
        ["PUT", `/api/store/offers/${id}`, { ...LATE_CHECK_OUT, propertyIds: [mine], active: false }],
        ["DELETE", `/api/store/offers/${id}/photo`],
        ["DELETE", `/api/store/offers/${id}`],
      ] as const) {
        const res = await t.as(editor, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.message).toBe("Offer not found");
      }
      expect((await t.as(owner, "GET", `/api/store/offers/${id}`)).json().offer.active).toBe(true);
    }

    // Creating or re-pointing an offer: all properties is refused at the field, another property is not found.
    for (const [method, url] of [
      ["POST", "/api/store/offers"],
      ["PUT", `/api/store/offers/${own}`],
    ] as const) {
      const all = await t.as(editor, method, url, { ...LATE_CHECK_OUT, propertyIds: null });
      expect(all.statusCode).toBe(400);
      expect(all.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: copy.teamErrors.allPropertiesNotAllowed,
        issues: [{ path: ["propertyIds"], message: copy.teamErrors.allPropertiesNotAllowed }],
      });
      const outside = await t.as(editor, method, url, { ...LATE_CHECK_OUT, propertyIds: [other] });
      expect(outside.statusCode).toBe(404);
      expect(outside.json().error.message).toBe("Property not found");
    }
    expect((await t.as(editor, "GET", `/api/store/offers/${own}`)).json().offer.propertyIds).toEqual([mine]);

    // Their own offer: created, changed and deleted.
    const created = await t.as(editor, "POST", "/api/store/offers", { ...LATE_CHECK_OUT, propertyIds: [mine] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().offer.id as string;
    const body = { ...LATE_CHECK_OUT, propertyIds: [mine], active: false };
    expect((await t.as(editor, "PUT", `/api/store/offers/${id}`, body)).json().offer.active).toBe(false);
    expect((await t.as(editor, "DELETE", `/api/store/offers/${id}`)).statusCode).toBe(204);

    // The owner is unaffected: all properties, and any offer.
    const ownerBody = { ...LATE_CHECK_OUT, propertyIds: null, active: false };
    expect((await t.as(owner, "PUT", `/api/store/offers/${forAll}`, ownerBody)).statusCode).toBe(200);
    expect((await t.as(owner, "DELETE", `/api/store/offers/${foreign}`)).statusCode).toBe(204);
  });
});

describe("the guest's store", () => {
  it("shows only offers for the stay's property, in the store's currency, and nothing once the stay is cancelled", async () => {
    const other = await buildProperty(t.app, host);
    const user = await buildUser(t.ctx);
    const { token, stay, propertyId } = await stayWithToken(t.app, t.ctx, user);
    const forAll = await createOfferFor(t.app, user);
    const forOther = await createOfferFor(t.app, user, { propertyIds: [] });
    expect(forOther).toBeDefined();
    const elsewhere = await buildProperty(t.app, user);
    await createOfferFor(t.app, user, { propertyIds: [elsewhere.propertyId] });
    const forThis = await createOfferFor(t.app, user, { propertyIds: [propertyId] });
    const res = await guestStore(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const body = res.json();
    expect(body.offers.map((o: { id: string }) => o.id).sort()).toEqual([forAll.id, forThis.id].sort());
    expect(body.hostFirstName).toBe("Alex");
    expect(other).toBeDefined();
    await cancelStay(t.ctx, user.accountId, stay.id);
    const gone = await guestStore(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(copy.guestStay.inactive);
    expect((await orderFromLink(t.app, token, { offerId: forAll.id, slotTime: "13:00" })).statusCode).toBe(404);
  });

  it("answers 404 to an unknown token", async () => {
    expect((await guestStore("x".repeat(32))).statusCode).toBe(404);
  });
});

describe("orders", () => {
  it("a request authorises the card, tells the host, and approval captures it and moves the stay's check-out", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const res = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      idempotencyKey: "same-key-1",
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: "pending", amount: 3000, slotTime: "13:00" });
    // Answer within 24 h, or by the requested time if sooner (13:00 on check-out day, two days on).
    const deadline = Date.parse(order.deadlineAt);
    expect(deadline).toBeLessThanOrEqual(t.clock.now.getTime() + 24 * HOUR);
    const row = await orderRow(order.id);
    expect(row.payment).toBe("authorised");
    expect((await payment(row.paymentRef!)).status).toBe("requires_capture");
    // A repeated submit answers the same order.
    const again = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      idempotencyKey: "same-key-1",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(order.id);
    expect((await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.stayId, stay.id))).length).toBe(1);

    const hostMail = (await emailsTo(t.ctx, host.email)).filter((m) => m.template === "store-order-host");
    expect(hostMail.at(-1)?.subject).toBe(copy.orders.emailHostSubject("Late check-out", "Ana Guest"));
    const list = await getJson(t.app, host, "/api/orders");
    expect(list.orders[0]).toMatchObject({ id: order.id, status: "pending", guestName: "Ana Guest" });
    expect(list.pendingCount).toBeGreaterThanOrEqual(1);

    // The deadline's job is queued, keyed by the order, at the deadline; approval removes it.
    const deadlineJobs = async () =>
      (await t.ctx.jobs.list()).filter(
        (j) => j.name === STORE_DEADLINE_JOB && j.key === order.id && j.state === "created",
      );
    expect((await deadlineJobs()).map((j) => j.runAt.getTime())).toEqual([deadline]);
    const approved = await t.as(host, "POST", `/api/orders/${order.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order).toMatchObject({ status: "confirmed", payment: "captured" });
    expect((await payment(row.paymentRef!)).status).toBe("succeeded");
    expect(await deadlineJobs()).toEqual([]);
    expect((await getStay(t.ctx, host.accountId, stay.id)).checkOutTime).toBe("13:00");
    const guestMail = await emailsTo(t.ctx, "ana@guest.test");
    expect(guestMail.some((m) => m.text.includes("Late check-out: Confirmed"))).toBe(true);
    // Answered once only.
    expect((await t.as(host, "POST", `/api/orders/${order.id}/decline`, {})).statusCode).toBe(409);
    const guest = (await guestStore(token)).json();
    expect(guest.orders[0]).toMatchObject({ id: order.id, status: "confirmed" });
    // 13:00 is now the stay's check-out: only later slots are still offered.
    expect(guest.offers.find((o: { id: string }) => o.id === offer.id).slots).toEqual([
      { time: "14:00", amount: 5000 },
    ]);
  });

  it("offers and takes only slots still ahead", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host, { nights: 1 });
    // The clock at 13:30 on check-out day, on the property's clock: 13:00 is gone, 14:00 is still ahead.
    const saved = t.clock.now;
    t.clock.now = new Date(wallTimeToInstant(stay.checkOutDate, "13:30", stay.timeZone));
    const guest = (await guestStore(token)).json();
    expect(guest.offers.find((o: { id: string }) => o.id === offer.id).slots).toEqual([
      { time: "14:00", amount: 5000 },
    ]);
    const late = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(copy.storeErrors.slotUnavailable);
    // After the check-out day nothing is offered or sold.
    t.clock.now = new Date(wallTimeToInstant(stay.checkOutDate, "23:59", stay.timeZone).getTime() + 61_000);
    expect((await guestStore(token)).json().offers).toEqual([]);
    expect((await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "14:00" })).statusCode).toBe(400);
    t.clock.now = saved;
  });

  it("refuses a declined card with a clear message and makes no order", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const res = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      card: card("4000000000000002"),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe("CARD_DECLINED");
    expect(res.json().error.message).toBe(copy.billing.cardDeclined);
    expect((await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.stayId, stay.id))).length).toBe(0);
  });

  it("confirms at once when the calendar allows, and asks when the next night is taken", async () => {
    const offer = await createOfferFor(t.app, host, { confirmation: "instant" });
    const free = await stayWithToken(t.app, t.ctx, host);
    const instant = await orderFromLink(t.app, free.token, { offerId: offer.id, slotTime: "14:00" });
    expect(instant.json().order).toMatchObject({ status: "confirmed", deadlineAt: null });
    expect((await getStay(t.ctx, host.accountId, free.stay.id)).checkOutTime).toBe("14:00");

    const busy = await stayWithToken(t.app, t.ctx, host);
    await stayWithToken(t.app, t.ctx, host, { propertyId: busy.propertyId, inDays: 2 });
    const asked = await orderFromLink(t.app, busy.token, { offerId: offer.id, slotTime: "14:00" });
    expect(asked.json().order.status).toBe("pending");
    // The host's Orders says the night after is taken (and nothing for an answered order).
    const listed = (await getJson(t.app, host, "/api/orders")).orders as { id: string; adjacentNight: unknown }[];
    expect(listed.find((o) => o.id === asked.json().order.id)?.adjacentNight).toBe("taken");
    expect(listed.find((o) => o.id === instant.json().order.id)?.adjacentNight).toBeNull();
  });

  it("an 'I approve each request' order shows the host that the night after is free", async () => {
    const user = await buildUser(t.ctx);
    const offer = await createOfferFor(t.app, user);
    const { token } = await stayWithToken(t.app, t.ctx, user);
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    const listed = (await getJson(t.app, user, "/api/orders")).orders as { id: string; adjacentNight: unknown }[];
    expect(listed.find((o) => o.id === order.id)?.adjacentNight).toBe("free");
  });

  it("an extra is priced by the server: per night × quantity", async () => {
    const offer = await createOfferFor(t.app, host, {
      type: "extra",
      texts: { en: { title: "Breakfast" } },
      slots: [],
      amount: 1500,
      per: "night",
      maxQuantity: 3,
      confirmation: "instant",
    });
    const { token } = await stayWithToken(t.app, t.ctx, host, { nights: 3 });
    const res = await orderFromLink(t.app, token, { offerId: offer.id, quantity: 2 });
    expect(res.json().order).toMatchObject({ status: "confirmed", amount: 1500 * 2 * 3 });
    const tooMany = await orderFromLink(t.app, token, { offerId: offer.id, quantity: 4 });
    expect(tooMany.statusCode).toBe(400);
  });

  it("refuses a second pending request for the same offer, in the guest's language, until the host answers", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const first = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" });
    expect(first.statusCode).toBe(201);
    const again = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "14:00" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "CONFLICT", message: copy.guestStore.alreadyRequested });
    const french = await t.app.inject({
      method: "POST",
      url: `/api/stay-store/${token}/orders?lang=fr`,
      payload: { offerId: offer.id, slotTime: "14:00", idempotencyKey: "fr-second", card: card("4242424242424242") },
    });
    expect(french.statusCode).toBe(409);
    expect(french.json().error.message).toBe(storeLabels("fr").alreadyRequested);
    // No card was touched and no order made for the refused ones.
    expect((await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.stayId, stay.id))).length).toBe(1);
    // Once the host has answered, the guest may ask again.
    await t.as(host, "POST", `/api/orders/${first.json().order.id}/decline`, {});
    expect((await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "14:00" })).statusCode).toBe(201);
  });

  it("a decline with a note releases the card and tells the guest", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host, { email: "decline@guest.test" });
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    const res = await t.as(host, "POST", `/api/orders/${order.id}/decline`, { note: "Cleaners arrive at 12" });
    expect(res.json().order).toMatchObject({
      status: "declined",
      payment: "released",
      hostNote: "Cleaners arrive at 12",
    });
    expect((await payment((await orderRow(order.id)).paymentRef!)).status).toBe("canceled");
    const mail = await emailsTo(t.ctx, "decline@guest.test");
    expect(mail.at(-1)?.text).toContain("Your host says: Cleaners arrive at 12");
  });

  it("a request whose stay was cancelled is cancelled, its card released, and cannot be approved", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    await cancelStay(t.ctx, host.accountId, stay.id);
    const res = await t.as(host, "POST", `/api/orders/${order.id}/approve`, {});
    expect(res.statusCode).toBe(409);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", payment: "released" });
    expect((await payment(row.paymentRef!)).status).toBe("canceled");
  });

  it("cancelling a stay settles its pending orders at once: their deadline job moves to now, and runs to release", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    const due = async () =>
      (await t.ctx.jobs.list())
        .filter((j) => j.name === STORE_DEADLINE_JOB && j.key === order.id && j.state === "created")
        .map((j) => j.runAt.getTime());
    const [deadline] = await due();
    expect(deadline).toBeGreaterThan(t.ctx.now().getTime());
    await cancelStay(t.ctx, host.accountId, stay.id);
    expect(await due()).toEqual([t.ctx.now().getTime()]);
    expect(await expireOrder(t.ctx, order.id)).toBe(true);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", payment: "released" });
    expect((await payment(row.paymentRef!)).status).toBe("canceled");
  });

  it("declines by itself when unanswered by the deadline (the clock moved), releasing the card", async () => {
    const offer = await createOfferFor(t.app, host, {
      type: "extra",
      texts: { en: { title: "Flowers" } },
      slots: [],
      amount: 2500,
      confirmation: "approve",
    });
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id })).json();
    expect(await expireOrder(t.ctx, order.id)).toBe(false); // not yet
    t.clock.advance(24 * HOUR + 1000);
    expect(await expireOrder(t.ctx, order.id)).toBe(true);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "expired", payment: "released" });
    expect((await payment(row.paymentRef!)).status).toBe("canceled");
    expect(await expireOrder(t.ctx, order.id)).toBe(false); // once
  });

  it("saves the card for a stay more than 6 days ahead and authorises it 6 days before check-in", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host, { inDays: 20 });
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    let row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "pending", payment: "saved", paymentRef: null });
    expect(row.authoriseAt!.getTime()).toBe(stay.checkInAt.getTime() - 6 * 24 * HOUR);
    expect(await authoriseDeferredOrder(t.ctx, order.id)).toBe(false); // not yet
    t.clock.advance(row.authoriseAt!.getTime() - t.clock.now.getTime() + 1000);
    expect(await authoriseDeferredOrder(t.ctx, order.id)).toBe(true);
    row = await orderRow(order.id);
    expect(row.payment).toBe("authorised");
    expect((await payment(row.paymentRef!)).status).toBe("requires_capture");
    t.clock.advance(-(20 * 24 * HOUR));
  });

  it("a saved card's authorisation and deadline follow the stay's check-in when it moves", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host, { inDays: 20 });
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    const jobsOf = async (name: string) =>
      (await t.ctx.jobs.list())
        .filter((j) => j.name === name && j.key === order.id && j.state === "created")
        .map((j) => j.runAt.getTime());
    const start = t.clock.now.getTime();
    // Check-in ten days later: authorised 6 days before the new check-in, answered within 24 h of that.
    const later = await updateStay(t.ctx, host.accountId, stay.id, {
      checkInDate: dayFrom(t.ctx, 30),
      checkOutDate: dayFrom(t.ctx, 32),
    });
    let row = await orderRow(order.id);
    const authoriseAt = later.checkInAt.getTime() - 6 * 24 * HOUR;
    expect(row.authoriseAt!.getTime()).toBe(authoriseAt);
    expect(row.deadlineAt!.getTime()).toBe(authoriseAt + 24 * HOUR);
    expect(await jobsOf(STORE_AUTHORISE_JOB)).toEqual([authoriseAt]);
    expect(await jobsOf(STORE_DEADLINE_JOB)).toEqual([authoriseAt + 24 * HOUR]);
    // The guest's page shows the moved deadline.
    expect((await guestStore(token)).json().orders[0].deadlineAt).toBe(row.deadlineAt!.toISOString());
    // Ten days on, check-in moves to the day after tomorrow: 6 days before has passed, so it is authorised now,
    // and the host answers by the requested late check-out if that comes before 24 h.
    t.clock.advance(10 * 24 * HOUR);
    const soon = await updateStay(t.ctx, host.accountId, stay.id, {
      checkInDate: dayFrom(t.ctx, 2),
      checkOutDate: dayFrom(t.ctx, 3),
    });
    row = await orderRow(order.id);
    const now = t.clock.now.getTime();
    expect(row.authoriseAt!.getTime()).toBe(now);
    const lateCheckOut = wallTimeToInstant(soon.checkOutDate, "13:00", soon.timeZone).getTime();
    expect(row.deadlineAt!.getTime()).toBe(Math.min(now + 24 * HOUR, lateCheckOut));
    expect(await jobsOf(STORE_AUTHORISE_JOB)).toEqual([now]);
    expect(await authoriseDeferredOrder(t.ctx, order.id)).toBe(true);
    row = await orderRow(order.id);
    expect(row.payment).toBe("authorised");
    // Once authorised, a further move leaves the order's times alone.
    await updateStay(t.ctx, host.accountId, stay.id, { checkInDate: dayFrom(t.ctx, 1) });
    expect((await orderRow(order.id)).authoriseAt!.getTime()).toBe(now);
    t.clock.now = new Date(start);
  });

  it("a stay cancelled while its card is saved cancels the order without authorising it", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host, { inDays: 20 });
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    await cancelStay(t.ctx, host.accountId, stay.id);
    expect(await expireOrder(t.ctx, order.id)).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentRef: null });
    expect(await authoriseDeferredOrder(t.ctx, order.id)).toBe(false);
  });

  it("a saved card that fails at the deferred authorisation fails the order and tells guest and host", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host, { inDays: 20, email: "later@guest.test" });
    const placed = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      card: card("4000000000000341"),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const row = await orderRow(placed.json().order.id);
    t.clock.advance(row.authoriseAt!.getTime() - t.clock.now.getTime() + 1000);
    expect(await authoriseDeferredOrder(t.ctx, row.id)).toBe(false);
    expect(await orderRow(row.id)).toMatchObject({ status: "failed", payment: "released" });
    const hostMail = await emailsTo(t.ctx, host.email);
    expect(hostMail.at(-1)?.subject).toBe(copy.orders.emailHostFailedSubject("Late check-out"));
    expect((await emailsTo(t.ctx, "later@guest.test")).at(-1)?.text).toContain("Payment failed");
    t.clock.advance(-(20 * 24 * HOUR));
  });

  it("refunds in part then in full, and counts revenue per month and offer with a CSV", async () => {
    const user = await buildUser(t.ctx);
    const offer = await createOfferFor(t.app, user, { confirmation: "instant" });
    const { token } = await stayWithToken(t.app, t.ctx, user);
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "14:00" })).json();
    const part = await t.as(user, "POST", `/api/orders/${order.id}/refund`, { amount: 2000 });
    expect(part.json().order).toMatchObject({ status: "partially-refunded", refundedAmount: 2000 });
    const tooMuch = await t.as(user, "POST", `/api/orders/${order.id}/refund`, { amount: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    const revenue = await getJson(t.app, user, "/api/orders/revenue");
    expect(revenue.rows).toEqual([
      {
        month: t.clock.now.toISOString().slice(0, 7),
        offerId: offer.id,
        offerTitle: "Late check-out",
        currency: "usd",
        orders: 1,
        amount: 3000,
      },
    ]);
    const csv = await t.as(user, "GET", "/api/orders/revenue.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Late check-out,1,30.00,usd");
    const rest = await t.as(user, "POST", `/api/orders/${order.id}/refund`, {});
    expect(rest.json().order).toMatchObject({ status: "refunded", payment: "refunded", refundedAmount: 5000 });
    expect((await payment((await orderRow(order.id)).paymentRef!)).amountRefunded).toBe(5000);
  });
});

describe("the guide's Extras", () => {
  it("a stay's link shows the Extras tile and the store page; the public guide never does", async () => {
    const user = await buildUser(t.ctx, { firstName: "Maria" });
    const { token, propertyId } = await stayWithToken(t.app, t.ctx, user);
    const none = await t.app.inject({ url: `/s/${token}` });
    expect(none.body).not.toContain(`/s/${token}/extras`);
    const offer = await createOfferFor(t.app, user);
    const stayPage = await t.app.inject({ url: `/s/${token}` });
    expect(stayPage.statusCode).toBe(200);
    expect(stayPage.body).toContain(`/s/${token}/extras?lang=en`);
    expect(stayPage.body).toContain(">Extras<");
    const guide = await t.app.inject({ url: `/g/${propertyId}` });
    expect(guide.body).not.toContain("/extras");
    expect(guide.body).not.toContain(">Extras<");

    const page = await t.app.inject({ url: `/s/${token}/extras` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain("Check out at 13:00 — $30.00");
    expect(page.body).not.toContain("<script>alert(1)</script>");
    const { order } = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json();
    const placed = await t.app.inject({ url: `/s/${token}/extras?placed=${order.id}` });
    expect(placed.body).toMatch(/Request sent — Maria will answer by \d{1,2} [A-Z][a-z]{2},? \d\d:\d\d/);
    // The page's script follows a pending order by its id and state.
    expect(placed.body).toContain(`data-order="${order.id}" data-status="pending"`);
  });

  it("a cancelled stay's store page says the link is no longer active", async () => {
    const user = await buildUser(t.ctx);
    const { token, stay } = await stayWithToken(t.app, t.ctx, user);
    await createOfferFor(t.app, user);
    await cancelStay(t.ctx, user.accountId, stay.id);
    const page = await t.app.inject({ url: `/s/${token}/extras` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(copy.guestStay.inactive);
    expect(page.body).not.toContain("Late check-out");
  });
});
