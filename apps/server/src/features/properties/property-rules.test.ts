import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { contentItemLinks, contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { purgeArchivedProperties } from "../../commands/purge-archived-properties.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (user: TestUser, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const get = async (user: TestUser, propertyId: string) =>
  (await req(user, "GET", `/api/properties/${propertyId}`)).json().property;
const address = {
  formatted: "1 Harbour Road, Brighton, UK",
  lineOne: "1 Harbour Road",
  lineTwo: null,
  townCity: "Brighton",
  county: null,
  state: null,
  postcode: null,
  country: "United Kingdom",
  lat: 50.82,
  lng: -0.14,
};

/** A property with every part SETUP-20 asks for: title, cover, address, display address and a colour. */
async function completeProperty(user: TestUser): Promise<string> {
  const { propertyId } = await buildProperty(t.app, user);
  const { payload, headers } = multipart([
    { field: "file", filename: "cover.png", contentType: "image/png", body: await makePng(800, 450) },
  ]);
  expect(
    (
      await t.app.inject({
        method: "PUT",
        url: `/api/properties/${propertyId}/cover`,
        headers: { ...headers, cookie: user.cookie },
        payload,
      })
    ).statusCode,
  ).toBe(204);
  expect(
    (
      await req(user, "PATCH", `/api/properties/${propertyId}`, {
        address,
        displayAddress: "Harbour Road, Brighton",
        hexPrimary: "#1F6F68",
      })
    ).statusCode,
  ).toBe(204);
  return propertyId;
}

describe("Basic Setup completeness (SETUP-20, CO-07)", () => {
  it("is complete with title, cover, address, display address and a colour, and incomplete without any one of them", async () => {
    const user = await buildUser(t.ctx);
    expect((await get(user, await completeProperty(user))).basicSetupComplete).toBe(true);

    const removals: [string, (propertyId: string) => Promise<unknown>][] = [
      ["cover image", (id) => req(user, "DELETE", `/api/properties/${id}/cover`)],
      ["display address", (id) => req(user, "PATCH", `/api/properties/${id}`, { displayAddress: "" })],
      ["colour", (id) => req(user, "PATCH", `/api/properties/${id}`, { hexPrimary: null })],
      // The API never clears these (the title is required, an address is only replaced): a blank row stands in.
      [
        "address",
        (id) => t.ctx.db.update(properties).set({ formattedAddress: null }).where(eq(properties.propertyId, id)),
      ],
      ["title", (id) => t.ctx.db.update(properties).set({ title: "" }).where(eq(properties.propertyId, id))],
    ];
    for (const [part, remove] of removals) {
      const propertyId = await completeProperty(user);
      await remove(propertyId);
      expect((await get(user, propertyId)).basicSetupComplete, `without the ${part}`).toBe(false);
    }
  });

  it("counts either colour, or company branding in place of colours when the account has a company", async () => {
    const user = await buildUser(t.ctx);
    const propertyId = await completeProperty(user);
    await req(user, "PATCH", `/api/properties/${propertyId}`, { hexPrimary: null, hexSecondary: "#222222" });
    expect((await get(user, propertyId)).basicSetupComplete).toBe(true);
    await req(user, "PATCH", `/api/properties/${propertyId}`, { hexSecondary: null });
    expect((await get(user, propertyId)).basicSetupComplete).toBe(false);

    const refused = await req(user, "PATCH", `/api/properties/${propertyId}`, { companyProfile: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: copy.basicSetup.companyBrandingNeedsCompany,
    });
    expect(await get(user, propertyId)).toMatchObject({ companyProfile: false, basicSetupComplete: false });

    await buildCompany(t.ctx, user);
    expect((await req(user, "PATCH", `/api/properties/${propertyId}`, { companyProfile: true })).statusCode).toBe(204);
    expect(await get(user, propertyId)).toMatchObject({ companyProfile: true, basicSetupComplete: true });
    // Turning branding off needs no company.
    expect((await req(user, "PATCH", `/api/properties/${propertyId}`, { companyProfile: false })).statusCode).toBe(204);
  });
});

describe("what3words is stored only as three words (SETUP-14)", () => {
  it("stores word.word.word without the ///, clears with blank, and refuses anything else", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const patch = (what3words: string | null) => req(user, "PATCH", `/api/properties/${propertyId}`, { what3words });
    expect((await patch("///filled.count.soap")).statusCode).toBe(204);
    expect((await get(user, propertyId)).what3words).toBe("filled.count.soap");
    expect((await patch("école.forêt.lune")).statusCode).toBe(204);
    expect((await get(user, propertyId)).what3words).toBe("école.forêt.lune");
    for (const bad of ["anything", "two.words", "four.words.are.many", "has space.in.it", "<b>x</b>.y.z", "a..b"]) {
      const res = await patch(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect((await get(user, propertyId)).what3words).toBe("école.forêt.lune");
    expect((await patch("")).statusCode).toBe(204);
    expect((await get(user, propertyId)).what3words).toBeNull();
  });
});

describe("purging a deleted property (OPEN-39, PROP-29, FILE-08)", () => {
  it("deletes its content items, sub-items, translations and shared-item links; shared items and the weblink stay", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const keep = await buildProperty(t.app, user);
    const created = await req(user, "POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "house-rules",
      title: "Quiet hours",
      translations: [{ language: "fr", action: "create", title: "Heures calmes" }],
      subItems: [{ action: "create", type: "text", detailText: "Thank you" }],
    });
    expect(created.statusCode).toBe(201);
    const ownItemId = created.json().item.id as string;
    const sharedId = (await req(user, "POST", "/api/shared-content")).json().propertyId as string;
    const shared = (
      await req(user, "POST", `/api/properties/${sharedId}/content/items`, {
        categoryLabel: "house-rules",
        title: "Bins",
      })
    ).json().item;
    for (const p of [propertyId, keep.propertyId])
      expect((await req(user, "PUT", `/api/properties/${p}/content/shared/${shared.id}`)).statusCode).toBe(200);

    const [row] = await t.ctx.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.propertyId, propertyId));
    const countWhere = async () => ({
      items: (await t.ctx.db.select().from(contentItems).where(eq(contentItems.propertyId, row!.id))).length,
      subItems: (await t.ctx.db.select().from(contentSubItems).where(eq(contentSubItems.itemId, ownItemId))).length,
      translations: (await t.ctx.db.select().from(contentTranslations).where(eq(contentTranslations.itemId, ownItemId)))
        .length,
      links: (await t.ctx.db.select().from(contentItemLinks).where(eq(contentItemLinks.propertyId, row!.id))).length,
    });
    expect(await countWhere()).toMatchObject({ items: 1, subItems: 1, translations: 1, links: 1 });

    expect((await req(user, "DELETE", `/api/properties/${propertyId}`)).statusCode).toBe(204);
    // Archived only: nothing is lost until the job runs.
    expect((await countWhere()).items).toBe(1);
    expect(await purgeArchivedProperties(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await countWhere()).toEqual({ items: 0, subItems: 0, translations: 0, links: 0 });

    // The shared item and its link to the other property are untouched; the weblink stays reserved.
    expect(
      (await req(user, "GET", `/api/properties/${sharedId}/content/items/${shared.id}`)).json().item
        .attachedPropertyIds,
    ).toEqual([keep.propertyId]);
    expect((await req(user, "POST", "/api/properties/weblink-check", { propertyId })).json().available).toBe(false);
  });
});
