import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, setAccountState, type TestUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (user: TestUser, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

describe("create a property (PROP-06…12, PROP-34)", () => {
  it("creates it with defaults, linked to the account's default manager made from the host's name", async () => {
    const user = await buildUser(t.ctx, { firstName: "Maya" });
    const res = await req(user, "POST", "/api/properties", { title: "Seaside Escape", propertyId: "seaside-escape-1" });
    expect(res.statusCode).toBe(201);
    const p = res.json().property;
    expect(p).toMatchObject({
      propertyId: "seaside-escape-1",
      title: "Seaside Escape",
      defaultLanguage: "en",
      languageTranslations: [],
      themeLabel: "default",
      // A draft until the host publishes it (decision 020).
      published: false,
      active: true,
      live: false,
      inactiveReason: "hidden",
      passcode: null,
      basicSetupComplete: false,
      guideUrl: "http://localhost:3000/g/seaside-escape-1",
      qrUrl: "http://localhost:3000/q/seaside-escape-1",
    });
    expect(p.manager).toMatchObject({ firstName: "Maya", isDefault: true });
    expect(p.manager.vanityId).toMatch(/^\d{8}$/);
    // A second property reuses the same default manager.
    const second = await buildProperty(t.app, user);
    const again = (await req(user, "GET", `/api/properties/${second.propertyId}`)).json().property;
    expect(again.manager.vanityId).toBe(p.manager.vanityId);
  });

  it("refuses bad characters, reserved words and taken weblinks with the documented copy (PROP-09, PROP-11)", async () => {
    const user = await buildUser(t.ctx);
    const bad = await req(user, "POST", "/api/properties", { title: "X", propertyId: "Sea Side!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "WEBLINK_INVALID", message: copy.properties.weblinkCharacters });
    const reserved = await req(user, "POST", "/api/properties", { title: "X", propertyId: "admin" });
    expect(reserved.json().error).toMatchObject({ code: "WEBLINK_TAKEN", message: copy.properties.weblinkUnavailable });
    const { propertyId } = await buildProperty(t.app, user);
    const other = await buildUser(t.ctx);
    const taken = await req(other, "POST", "/api/properties", { title: "Mine", propertyId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("WEBLINK_TAKEN");
  });

  it("lets exactly one of two concurrent creates of one weblink win (atomic uniqueness)", async () => {
    const [a, b] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const results = await Promise.all(
      [a, b].map((u) => req(u, "POST", "/api/properties", { title: "Race", propertyId: "race-condition-flat" })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("checks weblink availability across every account, archived properties included (PROP-10, OPEN-37)", async () => {
    const user = await buildUser(t.ctx);
    const check = async (propertyId: string) =>
      (await req(user, "POST", "/api/properties/weblink-check", { propertyId })).json().available;
    expect(await check("a-free-weblink-123")).toBe(true);
    const { propertyId } = await buildProperty(t.app, user);
    expect(await check(propertyId)).toBe(false);
    expect(await check("Bad Chars")).toBe(false);
    await req(user, "DELETE", `/api/properties/${propertyId}`);
    expect(await check(propertyId)).toBe(false);
    expect((await req(user, "POST", "/api/properties", { title: "Again", propertyId })).statusCode).toBe(409);
  });
});

describe("list properties (HOME-08…10, HOME-21, PROP-04/05)", () => {
  it("lists only the caller's non-archived properties, newest change first, with search and cursor pages", async () => {
    const user = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    await buildProperty(t.app, stranger, { title: "Stranger's Loft" });
    const made = [];
    for (const title of ["Alpha Cottage", "Beta Barn", "Gamma Loft", "Delta House", "Epsilon Flat"]) {
      made.push(await buildProperty(t.app, user, { title }));
      t.clock.advance(1000);
    }
    // Editing the oldest brings it to the top (HOME-22).
    await req(user, "PATCH", `/api/properties/${made[0]!.propertyId}`, { title: "Alpha Cottage Renamed" });
    await req(user, "DELETE", `/api/properties/${made[3]!.propertyId}`);

    const all = (await req(user, "GET", "/api/properties")).json();
    expect(all.total).toBe(4);
    expect(all.items.map((p: { title: string }) => p.title)).toEqual([
      "Alpha Cottage Renamed",
      "Epsilon Flat",
      "Gamma Loft",
      "Beta Barn",
    ]);
    expect(all.items[0]).toMatchObject({ live: true, coverImageUrl: null });

    const search = (await req(user, "GET", "/api/properties?search=LOFT")).json();
    expect(search.items.map((p: { title: string }) => p.title)).toEqual(["Gamma Loft"]);
    // The total is the account's, whatever the page shows (it rides on the rows; an empty page asks for it).
    expect(search.total).toBe(4);
    const none = (await req(user, "GET", "/api/properties?search=%25")).json();
    expect(none.items).toEqual([]);
    expect(none.total).toBe(4);

    const page1 = (await req(user, "GET", "/api/properties?limit=3")).json();
    expect(page1.items).toHaveLength(3);
    const page2 = (await req(user, "GET", `/api/properties?limit=3&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((p: { title: string }) => p.title)).toEqual(["Beta Barn"]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.total).toBe(4);
    expect((await req(user, "GET", "/api/properties?cursor=garbage")).statusCode).toBe(400);

    // "Select all": every match across pages, in list order, none of another account's.
    const ids = (await req(user, "GET", "/api/property-ids")).json();
    expect(ids).toEqual({ ids: all.items.map((p: { propertyId: string }) => p.propertyId), total: 4 });
    const lofts = (await req(user, "GET", "/api/property-ids?search=loft")).json();
    expect(lofts).toEqual({ ids: [made[2]!.propertyId], total: 1 });
    expect((await req(user, "GET", "/api/property-ids?search=%25")).json()).toEqual({ ids: [], total: 0 });
  });

  it("pages through properties modified at the same instant without skipping or repeating one", async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 7; i++) await buildProperty(t.app, user, { title: `Same Moment ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/properties?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await req(user, "GET", url)).json();
      seen.push(...page.items.map((p: { propertyId: string }) => p.propertyId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it("finds properties by address", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "No Match In Title" });
    await req(user, "PATCH", `/api/properties/${propertyId}`, {
      address: {
        formatted: "12 Marine Parade, Brighton BN2 1TL, UK",
        lineOne: "12 Marine Parade",
        lineTwo: null,
        townCity: "Brighton",
        county: "East Sussex",
        state: "England",
        postcode: "BN2 1TL",
        country: "United Kingdom",
        lat: 50.819,
        lng: -0.128,
      },
    });
    const res = (await req(user, "GET", "/api/properties?search=marine")).json();
    expect(res.items.map((p: { propertyId: string }) => p.propertyId)).toEqual([propertyId]);
    expect(res.items[0].address).toBe("12 Marine Parade, Brighton BN2 1TL, UK");
  });
});

describe("update a property (SETUP-03…21)", () => {
  it("saves owner-editable fields, and an address also fills the display address the first time", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const address = {
      formatted: "Brighton, United Kingdom",
      lineOne: null,
      lineTwo: null,
      townCity: "Brighton",
      county: null,
      state: null,
      postcode: null,
      country: "United Kingdom",
      lat: 50.82,
      lng: -0.14,
    };
    const res = await req(user, "PATCH", `/api/properties/${propertyId}`, {
      title: "Sea View",
      address,
      hexPrimary: "#1F6F68",
      languageTranslations: ["fr", "de", "en", "fr"],
      showWhat3words: true,
      what3words: "filled.count.soap",
    });
    expect(res.statusCode).toBe(204);
    const p = (await req(user, "GET", `/api/properties/${propertyId}`)).json().property;
    expect(p).toMatchObject({
      title: "Sea View",
      address,
      displayAddress: "Brighton, United Kingdom",
      hexPrimary: "#1F6F68",
      languageTranslations: ["fr", "de"],
      showWhat3words: true,
      what3words: "filled.count.soap",
    });
    await req(user, "PATCH", `/api/properties/${propertyId}`, { displayAddress: "By the pier" });
    await req(user, "PATCH", `/api/properties/${propertyId}`, {
      address: { ...address, formatted: "Hove, United Kingdom" },
    });
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property.displayAddress).toBe(
      "By the pier",
    );
  });

  it("keeps the default language English or a ticked translation (OPEN-45)", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    expect((await req(user, "PATCH", `/api/properties/${propertyId}`, { defaultLanguage: "fr" })).statusCode).toBe(400);
    await req(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"], defaultLanguage: "fr" });
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property.defaultLanguage).toBe("fr");
    await req(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["de"] });
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property).toMatchObject({
      defaultLanguage: "en",
      languageTranslations: ["de"],
    });
    expect(
      (await req(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["xx"] })).statusCode,
    ).toBe(400);
  });

  it("refuses fields that are not owner-editable and invalid colours (SETUP-04, SETUP-19)", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    for (const payload of [
      { propertyId: "new-id" },
      { active: true },
      { archivedAt: null },
      { passcode: "123456" },
      { hexPrimary: "red" },
      { hexPrimary: "#fff" },
      { title: "" },
    ]) {
      const res = await req(user, "PATCH", `/api/properties/${propertyId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("links a manager of the same account only", async () => {
    const user = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const own = (await req(user, "POST", "/api/managers", { firstName: "Co", lastName: "Host" })).json().manager;
    const foreign = (await req(stranger, "POST", "/api/managers", { firstName: "Not", lastName: "Mine" })).json()
      .manager;
    expect(
      (await req(user, "PATCH", `/api/properties/${propertyId}`, { managerVanityId: own.vanityId })).statusCode,
    ).toBe(204);
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property.manager.vanityId).toBe(
      own.vanityId,
    );
    expect(
      (await req(user, "PATCH", `/api/properties/${propertyId}`, { managerVanityId: foreign.vanityId })).statusCode,
    ).toBe(404);
  });

  it("reports basic setup completeness (SETUP-20) and each inactive reason by precedence (PROP-17…21, OPEN-41)", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const get = async () => (await req(user, "GET", `/api/properties/${propertyId}`)).json().property;
    await req(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    expect(await get()).toMatchObject({ live: false, inactiveReason: "hidden" });
    await t.ctx.db.update(properties).set({ active: false }).where(eq(properties.propertyId, propertyId));
    expect((await get()).inactiveReason).toBe("deactivated");
    await setAccountState(t.ctx, user.accountId, { trialEndsAt: new Date(t.clock.now.getTime() - 1000) });
    expect((await get()).inactiveReason).toBe("subscription");
    const list = (await req(user, "GET", "/api/properties")).json();
    expect(list.items[0].live).toBe(false);
  });
});

describe("another account's property answers 404 (XCUT-15)", () => {
  it("for read, update, delete, passcode, cover and QR", async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, owner);
    const base = `/api/properties/${propertyId}`;
    for (const [method, url, payload] of [
      ["GET", base],
      ["PATCH", base, { title: "Hijacked" }],
      ["PUT", `${base}/passcode`, { passcode: "123456" }],
      ["DELETE", `${base}/cover`],
      ["GET", `${base}/qr.png`],
      ["GET", `${base}/qr.svg`],
      ["GET", `${base}/poster.svg`],
      ["DELETE", base],
    ] as const) {
      const res = await req(stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await req(owner, "GET", base)).json().property.title).toBe("Seaside Escape");
  });
});
