import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stays } from "../../db/schema/stays.ts";
import { JOBS } from "../../jobs/scheduler.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { listStays } from "./stay-list.service.ts";
import { toStayDto } from "./stays.dto.ts";
import { getStay } from "./stays.service.ts";

const DAY = 86_400_000;

describe("stay retention: guests' contact details erased after check-out, dates and counts kept", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { stays: { retentionDays: 30 } } });
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host));
  });
  afterAll(() => t.close());
  const api = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
  const day = (n: number) => new Date(t.clock.now.getTime() + n * DAY).toISOString().slice(0, 10);
  const job = JOBS.find((j) => j.name === "stay-retention")!;

  it("runs daily on the queue and erases STAY_RETENTION_DAYS after check-out, not before", async () => {
    expect(job.everyMs).toBe(DAY);
    const body = {
      propertyId,
      guestFirstName: "Ines",
      guestLastName: "Ferreira",
      guestEmail: "ines@example.com",
      guestPhone: "+351 912 345 678",
      doorCode: "2468",
      notes: "Allergic to cats",
      adults: 2,
      children: 1,
    };
    const leaving = (await api("POST", "/api/stays", { ...body, checkInDate: day(1), checkOutDate: day(3) })).json()
      .stay;
    const later = (await api("POST", "/api/stays", { ...body, checkInDate: day(10), checkOutDate: day(12) })).json()
      .stay;

    // Thirty days after the first check-out, less a minute: nothing yet.
    const due = Date.parse(leaving.checkOutAt) + 30 * DAY;
    t.clock.advance(due - t.clock.now.getTime() - 60_000);
    expect(await job.run(t.ctx)).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await job.run(t.ctx)).toBe(1);

    // Read through the service: a month on, the test's session has expired.
    const erased = toStayDto(await getStay(t.ctx, host.accountId, leaving.id));
    expect(erased).toMatchObject({
      guestFirstName: "",
      guestLastName: "",
      guestEmail: null,
      guestPhone: null,
      doorCode: null,
      notes: null,
      adults: 2,
      children: 1,
      checkInDate: leaving.checkInDate,
      checkOutDate: leaving.checkOutDate,
      checkInAt: leaving.checkInAt,
      status: "confirmed",
      contactErasedAt: t.clock.now.toISOString(),
    });
    const [row] = await t.ctx.db.select().from(stays).where(eq(stays.id, leaving.id));
    expect(row).toMatchObject({ guestSearch: "", doorCodeEncrypted: null });
    // No longer found by the name it had (the later stay, checked out since, is); the later stay is untouched, and a second run erases nothing more.
    const found = await listStays(t.ctx, host.accountId, { tab: "past", q: "ines" });
    expect(found.items.map((s) => s.id)).toEqual([later.id]);
    expect(await getStay(t.ctx, host.accountId, later.id)).toMatchObject({ guestFirstName: "Ines", doorCode: "2468" });
    expect(await job.run(t.ctx)).toBe(0);
  });
});
