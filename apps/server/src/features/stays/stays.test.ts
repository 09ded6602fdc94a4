import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { ensureSharedContent } from "../shared-content/shared-content.service.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe("stays: add, read, change and cancel by hand (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    stranger = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
  });
  afterAll(() => t.close());
  const api = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  /** The day `n` days from today (UTC, the new property's zone). */
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const add = (user: TestUser, body: object) =>
    api(user, "POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(10),
      checkOutDate: day(13),
      ...body,
    });

  it("adds a stay with the property's default times and language, and reads it back", async () => {
    const res = await add(host, { guestLastName: "Souza", guestEmail: "ana@example.com", adults: 2, children: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const stay = res.json().stay;
    expect(stay).toMatchObject({
      propertyId,
      propertyTitle: "Harbour Loft",
      timeZone: "UTC",
      guestFirstName: "Ana",
      guestLastName: "Souza",
      guestEmail: "ana@example.com",
      guestPhone: null,
      guestLanguage: "en",
      adults: 2,
      children: 1,
      checkInDate: day(10),
      checkInTime: "15:00",
      checkOutDate: day(13),
      checkOutTime: "11:00",
      checkInAt: `${day(10)}T15:00:00.000Z`,
      checkOutAt: `${day(13)}T11:00:00.000Z`,
      doorCode: null,
      source: "manual",
      sourceId: null,
      status: "confirmed",
      possibleDoubleBooking: false,
      contactErasedAt: null,
    });
    const read = await api(host, "GET", `/api/stays/${stay.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().stay).toEqual(stay);
  });

  it("takes the property's own default times and default language when they change", async () => {
    const { propertyId: other } = await buildProperty(t.app, host);
    const patch = await api(host, "PATCH", `/api/properties/${other}`, {
      defaultCheckInTime: "16:30",
      defaultCheckOutTime: "10:00",
      languageTranslations: ["fr"],
      defaultLanguage: "fr",
    });
    expect(patch.statusCode, patch.body).toBe(204);
    const property = (await api(host, "GET", `/api/properties/${other}`)).json().property;
    expect(property).toMatchObject({ defaultCheckInTime: "16:30", defaultCheckOutTime: "10:00", timeZone: "UTC" });
    const stay = (await add(host, { propertyId: other })).json().stay;
    expect(stay).toMatchObject({ checkInTime: "16:30", checkOutTime: "10:00", guestLanguage: "fr" });
    // A language the guide does not have is refused; one it has is taken.
    const de = await add(host, { propertyId: other, guestLanguage: "de" });
    expect(de.statusCode).toBe(400);
    expect(de.json().error.issues[0]).toMatchObject({ path: ["guestLanguage"], message: copy.stays.invalidLanguage });
    expect((await add(host, { propertyId: other, guestLanguage: "en" })).json().stay.guestLanguage).toBe("en");
    // The property's times are checked like a stay's.
    const bad = await api(host, "PATCH", `/api/properties/${other}`, { defaultCheckInTime: "3pm" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].message).toBe(copy.stays.invalidTime);
  });

  it("keeps the door code sealed at rest and shows it to the host", async () => {
    const stay = (await add(host, { doorCode: "4821#", notes: "Late arrival" })).json().stay;
    expect(stay).toMatchObject({ doorCode: "4821#", notes: "Late arrival" });
    const { stays } = await import("../../db/schema/stays.ts");
    const { eq } = await import("drizzle-orm");
    const [row] = await t.ctx.db.select().from(stays).where(eq(stays.id, stay.id));
    expect(row!.doorCodeEncrypted).toMatch(/^v1\./);
    expect(row!.doorCodeEncrypted).not.toContain("4821");
    const cleared = await api(host, "PATCH", `/api/stays/${stay.id}`, { doorCode: "" });
    expect(cleared.json().stay.doorCode).toBeNull();
  });

  it("refuses a check-out before check-in, on create and on update against the stored values", async () => {
    const before = await add(host, { checkInDate: day(12), checkOutDate: day(11) });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.issues[0]).toMatchObject({
      path: ["checkOutDate"],
      message: copy.stays.checkOutBeforeCheckIn,
    });
    // The same day: check-out must be later than check-in (the default times 15:00 → 11:00 are not).
    const sameDay = await add(host, { checkInDate: day(12), checkOutDate: day(12) });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().error.issues[0].message).toBe(copy.stays.checkOutBeforeCheckIn);
    const dayUse = await add(host, {
      checkInDate: day(12),
      checkInTime: "09:00",
      checkOutDate: day(12),
      checkOutTime: "18:00",
    });
    expect(dayUse.statusCode).toBe(201);

    const stay = (await add(host, {})).json().stay;
    // Only the check-out moved, to before the stored check-in: the server checks it against the stored values.
    const moved = await api(host, "PATCH", `/api/stays/${stay.id}`, { checkOutDate: day(9) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.issues[0]).toMatchObject({
      path: ["checkOutDate"],
      message: copy.stays.checkOutBeforeCheckIn,
    });
    const ok = await api(host, "PATCH", `/api/stays/${stay.id}`, {
      checkInDate: day(8),
      checkOutDate: day(9),
      checkOutTime: "10:15",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().stay).toMatchObject({
      checkInDate: day(8),
      checkOutDate: day(9),
      checkInTime: "15:00",
      checkOutTime: "10:15",
      checkInAt: `${day(8)}T15:00:00.000Z`,
      checkOutAt: `${day(9)}T10:15:00.000Z`,
    });
    expect((await api(host, "PATCH", `/api/stays/${stay.id}`, {})).json().error.message).toBe(
      "The request is not valid.",
    );
  });

  it("refuses bad input with the field's message: dates, times, counts, email, NUL bytes", async () => {
    const cases: [object, string, string][] = [
      [{ checkInDate: "2027-02-30" }, "checkInDate", copy.stays.invalidDate],
      [{ checkInTime: "25:00" }, "checkInTime", copy.stays.invalidTime],
      [{ adults: 0 }, "adults", ""],
      [{ guestEmail: "not-an-email" }, "guestEmail", ""],
      [{ guestFirstName: "An\u0000a" }, "guestFirstName", "Text may not contain NUL or unpaired surrogate characters."],
      [{ guestFirstName: "" }, "guestFirstName", ""],
    ];
    for (const [body, field, message] of cases) {
      const res = await add(host, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const issue = res.json().error.issues.find((i: { path: string[] }) => i.path[0] === field);
      expect(issue, JSON.stringify(body)).toBeDefined();
      if (message) expect(issue.message).toBe(message);
    }
    // Fields the contract does not have are refused, not ignored.
    expect((await add(host, { status: "cancelled" })).statusCode).toBe(400);
  });

  it("answers 404 for an unknown, another account's, deleted or shared-content property, and for another account's stay", async () => {
    expect((await add(host, { propertyId: "no-such-home" })).statusCode).toBe(404);
    const caller = { userId: host.id, accountId: host.accountId, sessionId: "test" };
    const shared = await ensureSharedContent(t.ctx, caller);
    expect((await add(host, { propertyId: shared.propertyId })).statusCode).toBe(404);
    const theirs = await buildProperty(t.app, stranger);
    const res = await add(host, { propertyId: theirs.propertyId });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");

    const gone = await buildProperty(t.app, host);
    const stay = (await add(host, { propertyId: gone.propertyId })).json().stay;
    expect((await api(host, "DELETE", `/api/properties/${gone.propertyId}`)).statusCode).toBe(204);
    expect((await add(host, { propertyId: gone.propertyId })).statusCode).toBe(404);
    // A deleted property's stays are gone with it, from reads and writes.
    expect((await api(host, "GET", `/api/stays/${stay.id}`)).statusCode).toBe(404);
    expect((await api(host, "PATCH", `/api/stays/${stay.id}`, { notes: "x" })).statusCode).toBe(404);

    const mine = (await add(host, {})).json().stay;
    for (const [method, url, body] of [
      ["GET", `/api/stays/${mine.id}`, undefined],
      ["PATCH", `/api/stays/${mine.id}`, { notes: "Hijacked" }],
      ["POST", `/api/stays/${mine.id}/cancel`, {}],
    ] as const) {
      const r = await api(stranger, method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(host, "GET", `/api/stays/${mine.id}`)).json().stay.notes).toBeNull();
    expect((await api(host, "GET", "/api/stays/not-a-uuid")).statusCode).toBe(400);
  });

  it("cancels a stay, keeps it, and cancelling again changes nothing", async () => {
    const stay = (await add(host, {})).json().stay;
    t.clock.advance(60_000);
    const first = await api(host, "POST", `/api/stays/${stay.id}/cancel`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json().stay.status).toBe("cancelled");
    t.clock.advance(60_000);
    const again = await api(host, "POST", `/api/stays/${stay.id}/cancel`, {});
    expect(again.json().stay).toEqual(first.json().stay);
  });

  it("answers the existing stay for a sourceId already held, instead of a second one", async () => {
    const first = await add(host, { sourceId: "HM-1234" });
    expect(first.statusCode).toBe(201);
    const again = await add(host, { sourceId: "HM-1234", guestFirstName: "Someone else" });
    expect(again.statusCode).toBe(200);
    expect(again.json().stay.id).toBe(first.json().stay.id);
    expect(again.json().stay.guestFirstName).toBe("Ana");
  });

  it("marks overlapping confirmed stays of one property as a possible double booking, both of them, and not refused", async () => {
    const { propertyId: home } = await buildProperty(t.app, host);
    const a = (await add(host, { propertyId: home, checkInDate: day(20), checkOutDate: day(24) })).json().stay;
    // Back to back (check-out 11:00, next check-in 15:00 that day) is no overlap.
    const b = (await add(host, { propertyId: home, checkInDate: day(24), checkOutDate: day(26) })).json().stay;
    expect(a.possibleDoubleBooking).toBe(false);
    expect(b.possibleDoubleBooking).toBe(false);
    const c = await add(host, { propertyId: home, checkInDate: day(22), checkOutDate: day(23) });
    expect(c.statusCode).toBe(201);
    expect(c.json().stay.possibleDoubleBooking).toBe(true);
    expect((await api(host, "GET", `/api/stays/${a.id}`)).json().stay.possibleDoubleBooking).toBe(true);
    expect((await api(host, "GET", `/api/stays/${b.id}`)).json().stay.possibleDoubleBooking).toBe(false);
    // The same dates on another property: no double booking.
    const elsewhere = (await add(host, { checkInDate: day(22), checkOutDate: day(23) })).json().stay;
    expect(elsewhere.possibleDoubleBooking).toBe(false);
    // Cancelled, the overlap is gone from both.
    await api(host, "POST", `/api/stays/${c.json().stay.id}/cancel`, {});
    expect((await api(host, "GET", `/api/stays/${a.id}`)).json().stay.possibleDoubleBooking).toBe(false);
    expect((await api(host, "GET", `/api/stays/${c.json().stay.id}`)).json().stay.possibleDoubleBooking).toBe(false);
  });
});
