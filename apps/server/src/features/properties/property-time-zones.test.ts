import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { JOBS } from "../../jobs/scheduler.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

describe("properties from before time zones take the zone at their pin (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });

  it("fills the zone from the pin of properties still on their account's zone, their stays following", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const address = { formatted: "Lisbon", lineOne: null, lineTwo: null, townCity: null, county: null };
    const pin = { ...address, state: null, postcode: null, country: null, lat: 38.72, lng: -9.14 };
    expect((await api("PATCH", `/api/properties/${propertyId}`, { address: pin })).statusCode).toBe(204);
    // As the migration leaves a property made before zones: its pin, its account's zone.
    await t.ctx.db
      .update(properties)
      .set({ timeZone: "UTC", timeZoneSource: "account" })
      .where(eq(properties.propertyId, propertyId));
    const day = new Date(t.clock.now.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(t.clock.now.getTime() + 42 * 86_400_000).toISOString().slice(0, 10);
    const stay = (
      await api("POST", "/api/stays", { propertyId, guestFirstName: "A", checkInDate: day, checkOutDate: next })
    ).json().stay;
    expect(stay.checkInAt).toBe(`${day}T15:00:00.000Z`);

    const job = JOBS.find((j) => j.name === "property-time-zones")!;
    expect(await job.run(t.ctx)).toBe(1);
    const property = (await api("GET", `/api/properties/${propertyId}`)).json().property;
    expect(property).toMatchObject({ timeZone: "Europe/Lisbon", timeZoneChosen: false });
    const moved = (await api("GET", `/api/stays/${stay.id}`)).json().stay;
    expect(moved.checkInTime).toBe("15:00");
    const lisbon = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Lisbon", hour: "2-digit", minute: "2-digit" });
    expect(lisbon.format(new Date(moved.checkInAt))).toBe("15:00");
    // Done once: a second run finds nothing.
    expect(await job.run(t.ctx)).toBe(0);
  });
});
