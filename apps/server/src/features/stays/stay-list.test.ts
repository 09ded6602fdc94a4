import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { STAY_CALENDAR_MAX_DAYS } from "@doorstep/shared/schemas/stays";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

type Method = "GET" | "POST" | "PATCH";
interface Item {
  id: string;
  guestFirstName: string;
  guestLastName: string;
  propertyId: string;
  status: string;
}

describe("the stays list, the property calendar and the tile (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  let home: string;
  let cabin: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    home = (await buildProperty(t.app, host, { title: "Home" })).propertyId;
    cabin = (await buildProperty(t.app, host, { title: "Cabin" })).propertyId;
  });
  afterAll(() => t.close());
  const api = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const add = async (user: TestUser, body: object) => {
    const res = await api(user, "POST", "/api/stays", { propertyId: home, guestFirstName: "Guest", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().stay as Item;
  };
  const list = async (user: TestUser, query: string) => {
    const res = await api(user, "GET", `/api/stays?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Item[]; nextCursor: string | null };
  };
  const names = (items: Item[]) => items.map((i) => i.guestFirstName);

  it("lists upcoming soonest first, past latest first, cancelled apart, and filters by property", async () => {
    await add(host, { guestFirstName: "Later", checkInDate: day(30), checkOutDate: day(33) });
    await add(host, { guestFirstName: "Soon", checkInDate: day(2), checkOutDate: day(4), propertyId: cabin });
    // Checked in yesterday, leaves tomorrow: still upcoming (its check-out is ahead).
    await add(host, { guestFirstName: "Staying", checkInDate: day(-1), checkOutDate: day(1) });
    await add(host, { guestFirstName: "LastMonth", checkInDate: day(-30), checkOutDate: day(-27) });
    await add(host, { guestFirstName: "LastWeek", checkInDate: day(-7), checkOutDate: day(-5), propertyId: cabin });
    const gone = await add(host, { guestFirstName: "Gone", checkInDate: day(5), checkOutDate: day(6) });
    await api(host, "POST", `/api/stays/${gone.id}/cancel`, {});

    expect(names((await list(host, "tab=upcoming")).items)).toEqual(["Staying", "Soon", "Later"]);
    expect(names((await list(host, "")).items)).toEqual(["Staying", "Soon", "Later"]);
    expect(names((await list(host, "tab=past")).items)).toEqual(["LastWeek", "LastMonth"]);
    expect(names((await list(host, "tab=cancelled")).items)).toEqual(["Gone"]);
    expect(names((await list(host, `tab=upcoming&propertyId=${cabin}`)).items)).toEqual(["Soon"]);
    expect(names((await list(host, `tab=past&propertyId=${home}`)).items)).toEqual(["LastMonth"]);
    // Another account's list holds none of it; another account's property as a filter is not found.
    const stranger = await buildUser(t.ctx);
    expect((await list(stranger, "tab=upcoming")).items).toEqual([]);
    expect((await api(stranger, "GET", `/api/stays?propertyId=${home}`)).statusCode).toBe(404);
    expect((await api(host, "GET", "/api/stays?tab=later")).statusCode).toBe(400);

    // Time passes (a driven clock): the soon stay's check-out goes by and it moves to past.
    t.clock.advance(5 * 86_400_000);
    expect(names((await list(host, "tab=upcoming")).items)).toEqual(["Later"]);
    expect(names((await list(host, "tab=past")).items)).toEqual(["Soon", "Staying", "LastWeek", "LastMonth"]);
  });

  it("searches guests' first and last names, case and accents aside", async () => {
    const user = await buildUser(t.ctx);
    const own = (await buildProperty(t.app, user)).propertyId;
    const guests: [string, string][] = [
      ["José", "Müller"],
      ["Zoë", "O'Brien"],
      ["Ana", "Jose-Santos"],
      ["Li", "Wei"],
      ["100%", "Real_Name"],
    ];
    for (const [i, [first, last]] of guests.entries())
      await add(user, {
        propertyId: own,
        guestFirstName: first,
        guestLastName: last,
        checkInDate: day(10 + i),
        checkOutDate: day(11 + i),
      });
    const search = async (q: string) => names((await list(user, `q=${encodeURIComponent(q)}`)).items);
    expect(await search("jose")).toEqual(["José", "Ana"]);
    expect(await search("JOSÉ")).toEqual(["José", "Ana"]);
    expect(await search("muller")).toEqual(["José"]);
    expect(await search("zoe o'b")).toEqual(["Zoë"]);
    expect(await search("wei")).toEqual(["Li"]);
    // LIKE's wildcards are the characters they are.
    expect(await search("%")).toEqual(["100%"]);
    expect(await search("r_al")).toEqual([]);
    expect(await search("l_n")).toEqual(["100%"]);
    expect(await search("nobody")).toEqual([]);
    // A renamed guest is found by the new name.
    const li = (await list(user, "q=wei")).items[0]!;
    await api(user, "PATCH", `/api/stays/${li.id}`, { guestLastName: "Ångström" });
    expect(await search("angstrom")).toEqual(["Li"]);
  });

  it("pages by cursor, each stay once, stays on the same instant told apart", async () => {
    const user = await buildUser(t.ctx);
    const own = (await buildProperty(t.app, user)).propertyId;
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      // Pairs share their check-in instant.
      const n = Math.floor(i / 2);
      made.push(
        (await add(user, { propertyId: own, guestFirstName: `G${i}`, checkInDate: day(3 + n), checkOutDate: day(9) }))
          .id,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(user, `limit=3${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.length).toBe(7);
    expect(new Set(seen)).toEqual(new Set(made));
    const bad = await api(user, "GET", "/api/stays?cursor=garbage");
    expect(bad.statusCode).toBe(400);
  });

  it("shows a property's calendar: every stay overlapping the days asked for, cancelled ones marked, at most a calendar's worth", async () => {
    const user = await buildUser(t.ctx);
    const own = (await buildProperty(t.app, user)).propertyId;
    const before = await add(user, {
      propertyId: own,
      guestFirstName: "Before",
      checkInDate: day(1),
      checkOutDate: day(3),
    });
    const across = await add(user, {
      propertyId: own,
      guestFirstName: "Across",
      checkInDate: day(9),
      checkOutDate: day(12),
    });
    const inside = await add(user, {
      propertyId: own,
      guestFirstName: "Inside",
      checkInDate: day(13),
      checkOutDate: day(15),
    });
    await add(user, { propertyId: own, guestFirstName: "After", checkInDate: day(21), checkOutDate: day(23) });
    await api(user, "POST", `/api/stays/${inside.id}/cancel`, {});
    const calendar = async (from: string, to: string, who = user) =>
      api(who, "GET", `/api/properties/${own}/stays?from=${from}&to=${to}`);
    const res = await calendar(day(10), day(20));
    expect(res.statusCode, res.body).toBe(200);
    const stays = res.json().stays as Item[];
    expect(names(stays)).toEqual(["Across", "Inside"]);
    expect(stays.map((s) => s.status)).toEqual(["confirmed", "cancelled"]);
    // A stay that leaves on the first day shown is on it (check-out morning).
    expect(names((await calendar(day(3), day(3))).json().stays)).toEqual(["Before"]);
    expect(before.id).toBeDefined();
    expect(across.id).toBeDefined();

    const long = await calendar(day(0), day(STAY_CALENDAR_MAX_DAYS));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(copy.stays.rangeInvalid(STAY_CALENDAR_MAX_DAYS));
    expect((await calendar(day(0), day(STAY_CALENDAR_MAX_DAYS - 1))).statusCode).toBe(200);
    expect((await calendar(day(5), day(4))).statusCode).toBe(400);
    expect((await calendar("2027-13-01", day(4))).statusCode).toBe(400);
    const stranger = await buildUser(t.ctx);
    expect((await calendar(day(10), day(20), stranger)).statusCode).toBe(404);
  });

  it("counts the tile: upcoming stays, arrivals and departures today", async () => {
    const user = await buildUser(t.ctx);
    const own = (await buildProperty(t.app, user)).propertyId;
    await add(user, { propertyId: own, checkInDate: day(0), checkInTime: "00:00", checkOutDate: day(2) });
    await add(user, { propertyId: own, checkInDate: day(-2), checkOutDate: day(0), checkOutTime: "23:59" });
    await add(user, { propertyId: own, checkInDate: day(4), checkOutDate: day(6) });
    const cancelled = await add(user, { propertyId: own, checkInDate: day(0), checkOutDate: day(1) });
    await api(user, "POST", `/api/stays/${cancelled.id}/cancel`, {});
    const res = await api(user, "GET", "/api/stays/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ upcoming: 3, arrivingToday: 1, departingToday: 1 });
    expect((await api(await buildUser(t.ctx), "GET", "/api/stays/summary")).json()).toEqual({
      upcoming: 0,
      arrivingToday: 0,
      departingToday: 0,
    });
  });
});
