import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT";

/** Minutes east of UTC in `timeZone` at an instant, from Intl's own "GMT+01:00" (independent of zoned-time.ts). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const address = (lat: number, lng: number) => ({
  formatted: "Somewhere",
  lineOne: null,
  lineTwo: null,
  townCity: null,
  county: null,
  state: null,
  postcode: null,
  country: null,
  lat,
  lng,
});

describe("a property's time zone and its stays' instants (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const property = async (id: string) => (await api("GET", `/api/properties/${id}`)).json().property;
  const add = async (body: object) => {
    const res = await api("POST", "/api/stays", { guestFirstName: "Guest", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().stay;
  };

  it("fills the zone from the pin until the host chooses one, and recomputes the stays' instants when it moves", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    expect(await property(propertyId)).toMatchObject({ timeZone: "UTC", timeZoneChosen: false });
    const stay = await add({ propertyId, checkInDate: day(10), checkOutDate: day(12) });
    expect(stay.checkInAt).toBe(`${day(10)}T15:00:00.000Z`);

    // A pin in Tokyo (UTC+9, no daylight saving): the zone follows, and the stay's 15:00 is 06:00 UTC.
    expect((await api("PATCH", `/api/properties/${propertyId}`, { address: address(35.68, 139.69) })).statusCode).toBe(
      204,
    );
    expect(await property(propertyId)).toMatchObject({ timeZone: "Asia/Tokyo", timeZoneChosen: false });
    const tokyo = (await api("GET", `/api/stays/${stay.id}`)).json().stay;
    expect(tokyo).toMatchObject({
      timeZone: "Asia/Tokyo",
      checkInDate: day(10),
      checkInTime: "15:00",
      checkInAt: `${day(10)}T06:00:00.000Z`,
      checkOutAt: `${day(12)}T02:00:00.000Z`,
    });

    // Chosen by hand: kept, even when the pin moves afterwards.
    expect((await api("PATCH", `/api/properties/${propertyId}`, { timeZone: "America/Sao_Paulo" })).statusCode).toBe(
      204,
    );
    expect((await api("PATCH", `/api/properties/${propertyId}`, { address: address(51.5, -0.12) })).statusCode).toBe(
      204,
    );
    expect(await property(propertyId)).toMatchObject({ timeZone: "America/Sao_Paulo", timeZoneChosen: true });
    const saoPaulo = (await api("GET", `/api/stays/${stay.id}`)).json().stay;
    // São Paulo has kept UTC-3 all year since 2019.
    expect(saoPaulo).toMatchObject({ checkInAt: `${day(10)}T18:00:00.000Z`, checkInTime: "15:00" });

    const bad = await api("PATCH", `/api/properties/${propertyId}`, { timeZone: "Mars/Olympus_Mons" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toMatchObject({ path: ["timeZone"], message: copy.analytics.invalidTimeZone });
  });

  it("places a stay whose check-in is on the day the clocks change at the right instant", async () => {
    const zone = "Europe/London";
    const { propertyId } = await buildProperty(t.app, host);
    await api("PATCH", `/api/properties/${propertyId}`, { timeZone: zone });
    // The next day London's clocks change (the last Sunday of March or October), found from today.
    let n = 1;
    const noon = (k: number) => new Date(`${day(k)}T12:00:00Z`);
    while (offsetMinutes(zone, noon(n)) === offsetMinutes(zone, noon(n - 1))) n++;
    const before = offsetMinutes(zone, noon(n - 1));
    const after = offsetMinutes(zone, noon(n));
    const springForward = after > before;

    // 15:00 that day is after the 01:00 UTC change: the new offset applies.
    const stay = await add({ propertyId, checkInDate: day(n), checkOutDate: day(n + 2) });
    expect(stay.checkInAt).toBe(new Date(Date.parse(`${day(n)}T15:00:00Z`) - after * 60_000).toISOString());
    // The night before is on the old offset.
    const eve = await add({ propertyId, checkInDate: day(n - 1), checkInTime: "23:30", checkOutDate: day(n + 1) });
    expect(eve.checkInAt).toBe(new Date(Date.parse(`${day(n - 1)}T23:30:00Z`) - before * 60_000).toISOString());

    // 01:30 that night: in spring it never happens (read as 02:30 BST, 01:30 UTC); in autumn it happens twice
    // (the first, 01:30 BST, 00:30 UTC).
    const night = await add({ propertyId, checkInDate: day(n), checkInTime: "01:30", checkOutDate: day(n + 1) });
    expect(night.checkInTime).toBe("01:30");
    expect(night.checkInAt).toBe(`${day(n)}T${springForward ? "01:30" : "00:30"}:00.000Z`);
    // A one-night stay across the change lasts 23 or 25 hours between the two 12:00s.
    const across = await add({
      propertyId,
      checkInDate: day(n - 1),
      checkInTime: "12:00",
      checkOutDate: day(n),
      checkOutTime: "12:00",
    });
    const hours = (Date.parse(across.checkOutAt) - Date.parse(across.checkInAt)) / 3_600_000;
    expect(hours).toBe(springForward ? 23 : 25);
  });

  it("copies the zone and the default times to a duplicate", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await api("PATCH", `/api/properties/${propertyId}`, {
      timeZone: "Australia/Sydney",
      defaultCheckInTime: "14:00",
      defaultCheckOutTime: "10:30",
    });
    const copyId = `${propertyId}-copy`;
    const res = await api("POST", `/api/properties/${propertyId}/duplicate`, { title: "Copy", propertyId: copyId });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await property(copyId)).toMatchObject({
      timeZone: "Australia/Sydney",
      timeZoneChosen: true,
      defaultCheckInTime: "14:00",
      defaultCheckOutTime: "10:30",
    });
  });

  it("starts a new property in the account's zone (its analytics' day zone), else UTC", async () => {
    const res = await api("PUT", "/api/analytics/time-zone", { timeZone: "Europe/Lisbon" });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const { propertyId } = await buildProperty(t.app, host);
    expect(await property(propertyId)).toMatchObject({ timeZone: "Europe/Lisbon", timeZoneChosen: false });
  });
});
