import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { copy as c } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../cli/admin.commands.ts";
import { contentItems } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import { propertyCopies } from "../../db/schema/property-copies.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { CARDS, getJson, subscribe } from "../../test/billing-helpers.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { purgeArchivedProperties } from "../../commands/purge-archived-properties.ts";
import { resumeStalePropertyCopies } from "../../commands/duplicate-property.ts";
import { settlePropertyCopies } from "./property-copy.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const content = (propertyId: string) => `/api/properties/${propertyId}/content`;
const onDisk = (key: string | null) => key !== null && fs.existsSync(path.join(t.config.dataDir, "files", key));
const rowOf = async (propertyId: string) =>
  (await t.ctx.db.select().from(properties).where(eq(properties.propertyId, propertyId)))[0]!;
const itemsOf = async (propertyId: string) =>
  t.ctx.db
    .select()
    .from(contentItems)
    .where(eq(contentItems.propertyId, (await rowOf(propertyId)).id));

async function putImage(user: TestUser, url: string) {
  const m = multipart([{ field: "file", filename: "photo.png", contentType: "image/png", body: await makePng() }]);
  const res = await t.app.inject({
    method: "PUT",
    url,
    payload: m.payload,
    headers: { ...m.headers, cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A guide with Basic Setup, an address, a passcode, a cover, an item with a photo, a translation and a photo sub-item, and a shared item attached. */
async function richGuide(host: TestUser) {
  const source = (await buildProperty(t.app, host, { title: "Harbour Loft" })).propertyId;
  await api(host, "PATCH", `/api/properties/${source}`, {
    languageTranslations: ["fr", "de"],
    hexPrimary: "#1F6F68",
    displayAddress: "1 Quay Street",
  });
  await api(host, "PUT", `/api/properties/${source}/passcode`, { passcode: "123456" });
  await putImage(host, `/api/properties/${source}/cover`);
  const item = (
    await api(host, "POST", `${content(source)}/items`, {
      categoryLabel: "the-home",
      title: "Wi-Fi",
      detailText: "<p>Network: Harbour</p>",
      translations: [{ language: "fr", action: "create", title: "Le Wi-Fi" }],
      subItems: [{ action: "create", type: "image" }],
    })
  ).json().item;
  await putImage(host, `${content(source)}/items/${item.id}/media/image`);
  await putImage(host, `${content(source)}/items/${item.id}/sub-items/${item.subItems[0].id}/media/image`);
  const sharedId = (await api(host, "POST", "/api/shared-content")).json().propertyId;
  const shared = (
    await api(host, "POST", `${content(sharedId)}/items`, { categoryLabel: "house-rules", title: "Quiet hours" })
  ).json().item;
  await api(host, "PUT", `${content(source)}/shared/${shared.id}`);
  return { source, itemId: item.id as string, sharedItemId: shared.id as string };
}

describe("duplicate a guide", () => {
  it("makes a new property with the guide copied deep: Basic Setup but the address and passcode, items, translations, sub-items, files of its own, shared items", async () => {
    const host = await buildUser(t.ctx);
    const { source, itemId, sharedItemId } = await richGuide(host);

    const started = await api(host, "POST", `/api/properties/${source}/duplicate`, {
      title: "Harbour Loft 2",
      propertyId: `${source}-copy`,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().copy).toMatchObject({ propertyId: `${source}-copy`, title: "Harbour Loft 2", total: 2 });
    await settlePropertyCopies(t.ctx);
    const done = (await api(host, "GET", `/api/property-copies/${started.json().copy.id}`)).json().copy;
    expect(done).toMatchObject({ status: "done", done: 2, total: 2 });

    const original = (await api(host, "GET", `/api/properties/${source}`)).json().property;
    const dup = (await api(host, "GET", `/api/properties/${source}-copy`)).json().property;
    expect(dup).toMatchObject({
      title: "Harbour Loft 2",
      languageTranslations: ["fr", "de"],
      hexPrimary: "#1F6F68",
      displayAddress: null,
      passcode: null,
      // Its passcode is not copied, so it starts as a draft like any new property (decision 020).
      published: false,
      inactiveReason: "hidden",
    });
    expect(original.passcode).toBe("123456");
    expect(original.published).toBe(true);
    expect(dup.coverImageUrl).toBeTruthy();
    expect(dup.coverImageUrl).not.toBe(original.coverImageUrl);
    const [srcRow, dupRow] = [await rowOf(source), await rowOf(`${source}-copy`)];
    expect(onDisk(dupRow.coverKey)).toBe(true);
    expect(onDisk(`${dupRow.coverKey}.w750.webp`)).toBe(true); // the srcset variants come along
    expect(dupRow.guideSessionToken).not.toBe(srcRow.guideSessionToken);

    const [copied] = await itemsOf(`${source}-copy`);
    expect(copied).toMatchObject({ title: "Wi-Fi", detailText: "<p>Network: Harbour</p>", accountId: host.accountId });
    expect(copied!.id).not.toBe(itemId);
    expect(copied!.imageKey).not.toBe((await itemsOf(source))[0]!.imageKey);
    expect(copied!.imageKey).toContain(dupRow.id);
    expect(onDisk(copied!.imageKey)).toBe(true);
    const dto = (await api(host, "GET", `${content(`${source}-copy`)}/items/${copied!.id}`)).json().item;
    expect(dto.translations).toEqual([expect.objectContaining({ language: "fr", title: "Le Wi-Fi" })]);
    expect(dto.subItems).toEqual([expect.objectContaining({ type: "image", imageUrl: expect.any(String) })]);
    const page = (await api(host, "GET", `${content(`${source}-copy`)}/categories/house-rules`)).json();
    expect(page.sharedItems).toEqual([
      expect.objectContaining({ attached: true, item: expect.objectContaining({ id: sharedItemId }) }),
    ]);

    // Editing the copy never changes the original.
    await api(host, "PATCH", `${content(`${source}-copy`)}/items/${copied!.id}`, {
      title: "Wi-Fi (new router)",
      expectedVersion: copied!.contentVersion,
    });
    expect((await itemsOf(`${source}-copy`))[0]!.title).toBe("Wi-Fi (new router)");
    expect((await itemsOf(source))[0]!.title).toBe("Wi-Fi");

    // Deleting the original, files purged, leaves the copy's files.
    expect((await api(host, "DELETE", `/api/properties/${source}`)).statusCode).toBe(204);
    await purgeArchivedProperties(t.ctx);
    expect(onDisk(srcRow.coverKey)).toBe(false);
    expect(onDisk(dupRow.coverKey)).toBe(true);
    const after = (await itemsOf(`${source}-copy`))[0]!;
    expect(onDisk(after.imageKey)).toBe(true);
    const served = await t.app.inject({ url: dto.subItems[0].imageUrl });
    expect(served.statusCode).toBe(200);

    // On the account's audit trail.
    const audit = await runAdminCommand(t.ctx.db, ["account-audit", host.email], "ops", t.ctx.payments);
    expect(audit.join("\n")).toContain(`duplicate-property  ${source}-copy  {"from":"${source}"`);
  });

  it("copies the property's own places with photos of their own, and its local-area profiles stay attached to both", async () => {
    const host = await buildUser(t.ctx);
    const source = (await buildProperty(t.app, host, { title: "Cliff Cottage" })).propertyId;
    const [town] = await t.ctx.places.search("Brighton");
    const profile = (
      await api(host, "POST", "/api/local-area-profiles", { title: "Cliffs", placeId: town!.placeId })
    ).json().profile;
    await api(host, "PUT", `/api/properties/${source}/local-area-profiles/${profile.id}`);
    const place = (
      await api(host, "POST", `/api/properties/${source}/places`, {
        source: "custom",
        categoryLabel: "beaches",
        title: "Cove",
        lat: 50.8,
        lng: -0.1,
      })
    ).json().place;
    await putImage(host, `/api/local-places/${place.id}/image`);

    await api(host, "POST", `/api/properties/${source}/duplicate`, {
      title: "Cliff Cottage 2",
      propertyId: `${source}-2`,
    });
    await settlePropertyCopies(t.ctx);
    const [before, after] = await Promise.all(
      [source, `${source}-2`].map(async (p) => (await api(host, "GET", `/api/properties/${p}/local-area`)).json()),
    );
    expect(after.places).toEqual([
      expect.objectContaining({ title: "Cove", categoryLabel: "beaches", lat: 50.8, imageUrl: expect.any(String) }),
    ]);
    expect(after.places[0].id).not.toBe(place.id);
    expect(after.places[0].imageUrl).not.toBe(before.places[0].imageUrl);
    expect((await t.app.inject({ url: after.places[0].imageUrl })).statusCode).toBe(200);
    expect(after.profiles).toEqual([expect.objectContaining({ id: profile.id, attached: true })]);
    expect(before.profiles).toEqual([expect.objectContaining({ id: profile.id, attached: true })]);
  });

  it("checks the new weblink like create, and another account's guide or copy is not found", async () => {
    const host = await buildUser(t.ctx);
    const source = (await buildProperty(t.app, host, { title: "Beach Hut" })).propertyId;
    const taken = await api(host, "POST", `/api/properties/${source}/duplicate`, { title: "B", propertyId: source });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(c.properties.weblinkUnavailable);
    const bad = await api(host, "POST", `/api/properties/${source}/duplicate`, { title: "B", propertyId: "Bad Link" });
    expect(bad.statusCode).toBe(400);
    const noTitle = await api(host, "POST", `/api/properties/${source}/duplicate`, {
      title: " ",
      propertyId: "ok-link",
    });
    expect(noTitle.statusCode).toBe(400);
    expect((await getJson(t.app, host, "/api/properties")).total).toBe(1);

    const stranger = await buildUser(t.ctx);
    const theirs = await api(stranger, "POST", `/api/properties/${source}/duplicate`, {
      title: "Mine now",
      propertyId: `${source}-stolen`,
    });
    expect(theirs.statusCode).toBe(404);
    const mine = (
      await api(host, "POST", `/api/properties/${source}/duplicate`, { title: "B2", propertyId: `${source}-b2` })
    ).json().copy;
    await settlePropertyCopies(t.ctx);
    expect((await api(stranger, "GET", `/api/property-copies/${mine.id}`)).statusCode).toBe(404);
    expect((await api(stranger, "POST", `/api/property-copies/${mine.id}/retry`)).statusCode).toBe(404);
    expect((await api(host, "GET", "/api/property-copies/not-a-uuid")).statusCode).toBe(400);
  });

  it("bills the new property like any other", async () => {
    const host = await buildUser(t.ctx);
    const source = (await buildProperty(t.app, host)).propertyId;
    expect((await subscribe(t.app, host, CARDS.ok)).statusCode).toBe(201);
    expect((await getJson(t.app, host, "/api/billing/subscription")).subscription.quantity).toBe(1);
    await api(host, "POST", `/api/properties/${source}/duplicate`, { title: "Two", propertyId: `${source}-2` });
    await settlePropertyCopies(t.ctx);
    expect((await getJson(t.app, host, "/api/billing/subscription")).subscription.quantity).toBe(2);
  });

  it("takes up a copy whose server stopped, starting it over, and starts a failed copy over on retry", async () => {
    const host = await buildUser(t.ctx);
    const { source } = await richGuide(host);
    const started = (
      await api(host, "POST", `/api/properties/${source}/duplicate`, { title: "Again", propertyId: `${source}-again` })
    ).json().copy;
    await settlePropertyCopies(t.ctx);
    // As if the server had stopped after a first item: running, an old heartbeat, one item in.
    await t.ctx.db
      .update(propertyCopies)
      .set({ status: "running", done: 1, claimedAt: new Date(t.clock.now.getTime() - 120_000) })
      .where(eq(propertyCopies.id, started.id));
    expect(await resumeStalePropertyCopies(t.ctx)).toBe(1);
    expect(await resumeStalePropertyCopies(t.ctx)).toBe(0); // claimed: taken up once
    await settlePropertyCopies(t.ctx);
    expect((await api(host, "GET", `/api/property-copies/${started.id}`)).json().copy).toMatchObject({
      status: "done",
      done: 2,
    });
    expect(await itemsOf(`${source}-again`)).toHaveLength(1); // started over, not doubled

    await t.ctx.db.update(propertyCopies).set({ status: "failed" }).where(eq(propertyCopies.id, started.id));
    const retried = await api(host, "POST", `/api/property-copies/${started.id}/retry`);
    expect(retried.statusCode).toBe(200);
    await settlePropertyCopies(t.ctx);
    expect((await api(host, "GET", `/api/property-copies/${started.id}`)).json().copy.status).toBe("done");
    expect(await itemsOf(`${source}-again`)).toHaveLength(1);
  });
});
