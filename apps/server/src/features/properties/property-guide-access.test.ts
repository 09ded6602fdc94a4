import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { purgeArchivedProperties } from "../../commands/purge-archived-properties.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (user: TestUser, method: "GET" | "PUT" | "DELETE" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const row = async (propertyId: string) =>
  (await t.ctx.db.select().from(properties).where(eq(properties.propertyId, propertyId)))[0]!;
const uploadCover = async (user: TestUser, propertyId: string, body: Buffer) => {
  const { payload, headers } = multipart([{ field: "file", filename: "cover.jpg", contentType: "image/jpeg", body }]);
  return t.app.inject({
    method: "PUT",
    url: `/api/properties/${propertyId}/cover`,
    headers: { ...headers, cookie: user.cookie },
    payload,
  });
};

describe("passcode (PROP-24, PROP-25, OPEN-66)", () => {
  it("sets exactly six digits, encrypted at rest, rotating the guide session token; removing rotates again", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const token0 = (await row(propertyId)).guideSessionToken;
    for (const passcode of ["12345", "1234567", "12a456", ""]) {
      const res = await req(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode });
      expect(res.statusCode, passcode).toBe(400);
      expect(res.json().error.issues[0].message).toBe("Passcode must be a 6 digit number");
    }
    expect((await req(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "042917" })).statusCode).toBe(
      204,
    );
    const stored = await row(propertyId);
    expect(stored.passcodeEncrypted).not.toContain("042917");
    expect(stored.guideSessionToken).not.toBe(token0);
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property.passcode).toBe("042917");

    await req(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: null });
    const removed = await row(propertyId);
    expect(removed.passcodeEncrypted).toBeNull();
    expect(removed.guideSessionToken).not.toBe(stored.guideSessionToken);
  });
});

describe("cover image (SETUP-06, FILE-05)", () => {
  it("stores a checked image, replaces it deleting the old file, and removes it", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    expect((await uploadCover(user, propertyId, await makePng(1600, 900))).statusCode).toBe(204);
    const first = (await req(user, "GET", `/api/properties/${propertyId}`)).json().property.coverImageUrl as string;
    expect(first).toMatch(/^\/files\/accounts\/.+\/properties\/.+\/cover-[0-9a-f]{16}\.webp$/);
    const firstPath = path.join(t.config.dataDir, "files", first.slice("/files/".length));
    expect(fs.existsSync(firstPath)).toBe(true);

    // Its srcset variants were made with it (the guide's cover, docs/architecture.md §9).
    const variants = fs.readdirSync(path.dirname(firstPath)).filter((f) => f.startsWith(path.basename(firstPath)));
    expect(variants.length).toBeGreaterThan(1);

    await uploadCover(user, propertyId, await makePng(1200, 800));
    expect(fs.existsSync(firstPath)).toBe(false);
    // Replaced: the old cover's variants go with it (the storage providers delete them with the original).
    expect(fs.readdirSync(path.dirname(firstPath)).filter((f) => f.startsWith(path.basename(firstPath)))).toEqual([]);
    expect((await uploadCover(user, propertyId, Buffer.from("%PDF-1.4 not an image"))).statusCode).toBe(415);

    expect((await req(user, "DELETE", `/api/properties/${propertyId}/cover`)).statusCode).toBe(204);
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).json().property.coverImageUrl).toBeNull();
  });
});

describe("delete (PROP-26…29, OPEN-39, FILE-08)", () => {
  it("archives at once (gone from the API and lists) and a job purges its files", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    await uploadCover(user, propertyId, await makePng(800, 450));
    const cover = (await req(user, "GET", `/api/properties/${propertyId}`)).json().property.coverImageUrl as string;
    const folder = path.dirname(path.join(t.config.dataDir, "files", cover.slice("/files/".length)));

    expect((await req(user, "DELETE", `/api/properties/${propertyId}`)).statusCode).toBe(204);
    expect((await req(user, "GET", `/api/properties/${propertyId}`)).statusCode).toBe(404);
    expect((await req(user, "DELETE", `/api/properties/${propertyId}`)).statusCode).toBe(404);
    expect((await req(user, "GET", "/api/properties")).json().total).toBe(0);
    expect((await row(propertyId)).archivedAt).not.toBeNull();

    expect(await purgeArchivedProperties(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await row(propertyId)).purgedAt).not.toBeNull();
    expect(await purgeArchivedProperties(t.ctx)).toBe(0);
  });
});

describe("QR codes and the stable /q/ address (PROP-23, OPEN-38)", () => {
  it("serves a print-quality PNG that decodes to /q/{propertyId}, an SVG and a poster", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Harbour & Sons <Loft>" });
    const png = await req(user, "GET", `/api/properties/${propertyId}/qr.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-disposition"]).toBe(`attachment; filename="${propertyId}-qr.png"`);
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1024);
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(`http://localhost:3000/q/${propertyId}`);

    const svg = await req(user, "GET", `/api/properties/${propertyId}/qr.svg`);
    expect(svg.headers["content-type"]).toContain("image/svg+xml");
    expect(svg.body).toContain("<svg");
    const poster = await req(user, "GET", `/api/properties/${propertyId}/poster.svg`);
    expect(poster.body).toContain("Harbour &amp; Sons &lt;Loft&gt;");
    expect(poster.body).not.toContain("<Loft>");
  });

  it("redirects /q/{propertyId} to the guide with utm_source=qr-code, without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/q/seaside-escape" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/g/seaside-escape?utm_source=qr-code");
  });
});
