import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildCompany, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const company = async (user: TestUser) => (await send(user, "GET", "/api/company")).json().company;
const upload = async (user: TestUser, url: string) => {
  const { payload, headers } = multipart([
    { field: "file", filename: "logo.png", contentType: "image/png", body: await makePng() },
  ]);
  return t.app.inject({ method: "PUT", url, headers: { ...headers, cookie: user.cookie }, payload });
};
const filePath = (url: string) => path.join(t.config.dataDir, "files", url.replace("/files/", ""));

describe("GET/POST /api/company (CO-03, CO-04, CO-06, OPEN-49)", () => {
  it("answers null without a company, creates one from the brand name, and refuses a second", async () => {
    const user = await buildUser(t.ctx);
    const empty = await send(user, "GET", "/api/company");
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ company: null });

    const created = await send(user, "POST", "/api/company", { brandName: "  Harbour Stays " });
    expect(created.statusCode).toBe(201);
    const expected = {
      brandName: "Harbour Stays",
      logoUrl: null,
      homeScreenIconUrl: null,
      hexPrimary: null,
      hexSecondary: null,
      backgroundHex: null,
      fontHex: null,
      website: null,
      pms: null,
    };
    expect(created.json()).toEqual({ company: expected });
    expect(await company(user)).toEqual(expected);

    const second = await send(user, "POST", "/api/company", { brandName: "Another" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("CONFLICT");
    expect((await company(user)).brandName).toBe("Harbour Stays");
  });

  it("requires a brand name", async () => {
    const user = await buildUser(t.ctx);
    const res = await send(user, "POST", "/api/company", { brandName: " " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
    expect(await company(user)).toBeNull();
  });

  it("shows each account only its own company", async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    await buildCompany(t.ctx, owner, "Owner Co");
    expect(await company(stranger)).toBeNull();
    expect((await send(stranger, "PATCH", "/api/company", { brandName: "Stolen" })).statusCode).toBe(404);
    expect((await send(stranger, "POST", "/api/company", { brandName: "Stranger Co" })).statusCode).toBe(201);
    expect((await company(owner)).brandName).toBe("Owner Co");
  });
});

describe("PATCH /api/company (CO-05)", () => {
  it("updates colours, website and PMS, and clears them", async () => {
    const user = await buildUser(t.ctx);
    await buildCompany(t.ctx, user);
    const patch = {
      brandName: "Bay Homes",
      hexPrimary: "#1F6F68",
      hexSecondary: "#ffffff",
      backgroundHex: "#000000",
      fontHex: "#333333",
      website: "https://bay.example.com",
      pms: "Guesty",
    };
    expect((await send(user, "PATCH", "/api/company", patch)).statusCode).toBe(204);
    expect(await company(user)).toMatchObject(patch);

    expect((await send(user, "PATCH", "/api/company", { hexPrimary: null, website: "", pms: " " })).statusCode).toBe(
      204,
    );
    expect(await company(user)).toMatchObject({
      brandName: "Bay Homes",
      hexPrimary: null,
      hexSecondary: "#ffffff",
      website: null,
      pms: null,
    });
  });

  it("refuses invalid hex colours, a website without http(s), unknown fields and an empty patch", async () => {
    const user = await buildUser(t.ctx);
    await buildCompany(t.ctx, user);
    for (const payload of [
      { hexPrimary: "red" },
      { fontHex: "#12345" },
      { backgroundHex: "#GGGGGG" },
      { website: "bay.example.com" },
      { website: "javascript:alert(1)" },
      { logoUrl: "/x" },
      {},
    ]) {
      const res = await send(user, "PATCH", "/api/company", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect(await company(user)).toMatchObject({ hexPrimary: null, fontHex: null, website: null });
  });

  it("answers 404 when the account has no company", async () => {
    const user = await buildUser(t.ctx);
    const res = await send(user, "PATCH", "/api/company", { brandName: "Nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});

describe("PUT/DELETE /api/company/logo and /icon (CO-01, FILE-04/05)", () => {
  for (const [kind, field] of [
    ["logo", "logoUrl"],
    ["icon", "homeScreenIconUrl"],
  ] as const) {
    it(`stores the ${kind}, deletes the replaced file and clears it on delete`, async () => {
      const user = await buildUser(t.ctx);
      await buildCompany(t.ctx, user);
      expect((await upload(user, `/api/company/${kind}`)).statusCode).toBe(204);
      const first = (await company(user))[field] as string;
      expect(first).toMatch(new RegExp(`^/files/accounts/${user.accountId}/company/${kind}-[0-9a-f]{16}\\.webp$`));
      expect((await t.app.inject({ method: "GET", url: first })).statusCode).toBe(200);

      expect((await upload(user, `/api/company/${kind}`)).statusCode).toBe(204);
      const second = (await company(user))[field] as string;
      expect(second).not.toBe(first);
      expect(fs.existsSync(filePath(first))).toBe(false);
      expect(fs.existsSync(filePath(second))).toBe(true);

      expect((await send(user, "DELETE", `/api/company/${kind}`)).statusCode).toBe(204);
      expect((await company(user))[field]).toBeNull();
      expect(fs.existsSync(filePath(second))).toBe(false);
    });
  }

  it("keeps the logo and icon apart", async () => {
    const user = await buildUser(t.ctx);
    await buildCompany(t.ctx, user);
    await upload(user, "/api/company/logo");
    await upload(user, "/api/company/icon");
    const both = await company(user);
    expect((await send(user, "DELETE", "/api/company/icon")).statusCode).toBe(204);
    expect(await company(user)).toMatchObject({ logoUrl: both.logoUrl, homeScreenIconUrl: null });
    expect(fs.existsSync(filePath(both.logoUrl))).toBe(true);
  });

  it("answers 404 without a company, before reading the upload, and refuses a non-image", async () => {
    const user = await buildUser(t.ctx);
    for (const res of [
      await upload(user, "/api/company/logo"),
      await send(user, "PUT", "/api/company/icon", {}),
      await send(user, "DELETE", "/api/company/logo"),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    await buildCompany(t.ctx, user);
    const { payload, headers } = multipart([
      { field: "file", filename: "x.png", contentType: "image/png", body: Buffer.from("<svg/>") },
    ]);
    const fake = await t.app.inject({
      method: "PUT",
      url: "/api/company/logo",
      headers: { ...headers, cookie: user.cookie },
      payload,
    });
    expect(fake.statusCode).toBe(415);
    expect((await company(user)).logoUrl).toBeNull();
  });
});
