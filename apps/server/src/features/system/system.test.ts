import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lockDataDir } from "../../db/lock.ts";
import { configFromEnv, parseEnv } from "../../env.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-web-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Doorstep</title><div id=root></div>");
  fs.writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log(1)");
  fs.writeFileSync(path.join(webDist, "assets", "app-abc123.js.br"), brotliCompressSync("console.log(1)"));
  t = await createTestApp({ config: { webDistDir: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("health, readiness and configuration", () => {
  it("reports health and database readiness", async () => {
    expect((await t.app.inject("/api/health")).json()).toEqual({ status: "ok" });
    expect((await t.app.inject("/api/ready")).json()).toEqual({
      status: "ready",
      database: "ok",
      redis: "not-configured",
    });
  });

  it("answers 503 UNAVAILABLE, not 500, while the database is unreachable", async () => {
    const ping = vi.spyOn(t.database, "ping").mockRejectedValueOnce(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    try {
      const res = await t.app.inject("/api/ready");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: "Database unreachable" } });
    } finally {
      ping.mockRestore();
    }
    expect((await t.app.inject("/api/ready")).statusCode).toBe(200);
  });

  it("exposes only browser-safe configuration with the client version (IMPL-30, XCUT-46, XCUT-60)", async () => {
    const res = await t.app.inject("/api/config");
    expect(res.json()).toEqual({
      appVersion: "42.2.0",
      trialDays: 14,
      publicUrl: "http://localhost:3000",
      marketingUrl: expect.any(String),
      termsUrl: expect.any(String),
      privacyUrl: expect.any(String),
      placesProvider: "gazetteer",
      what3wordsConfigured: false,
      machineTranslation: false,
      mapTileUrl: expect.stringContaining("{z}"),
      mapAttribution: expect.any(String),
      stayFeedPollMinutes: 15,
      payments: { gateway: "local", stripePublishableKey: null },
    });
  });
});

describe("errors (docs/architecture.md §4)", () => {
  it("answers unknown API routes with the error envelope, not the dashboard", async () => {
    const res = await t.app.inject({ url: "/api/nope", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });

  it("answers malformed JSON with VALIDATION_FAILED", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code, res.body).toBe("VALIDATION_FAILED");
  });

  it("masks unexpected failures as INTERNAL without internals", async () => {
    const broken = await createTestApp({
      overrides: {
        geo: {
          country: () => {
            throw new Error("secret stack detail");
          },
        },
      },
    });
    try {
      await broken.app.inject({
        method: "POST",
        url: "/api/auth/sign-up",
        payload: { firstName: "G", email: "geo@example.com", password: "correct-horse-battery" },
      });
      const res = await broken.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "geo@example.com", password: "correct-horse-battery" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: "INTERNAL", message: "Something went wrong." } });
    } finally {
      await broken.close();
    }
  });
});

describe("OpenAPI", () => {
  it("publishes the document and a docs page", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/me", "/api/me/password"]));
    expect(
      doc.paths["/api/auth/sign-up"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("firstName");
    const docs = await t.app.inject("/api/docs/");
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-type"]).toContain("text/html");
  });
});

describe("dashboard serving", () => {
  it("serves index.html for client routes and immutable hashed assets", async () => {
    const page = await t.app.inject({ url: "/personal-information", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<div id=root>");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(page.headers["strict-transport-security"]).toBeUndefined(); // http://localhost
    const asset = await t.app.inject("/assets/app-abc123.js");
    expect(asset.statusCode, JSON.stringify(asset.headers)).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    // The build's precompressed copy goes to browsers that accept it.
    const br = await t.app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("console.log(1)");
  });
});

describe("environment and data directory", () => {
  it("parses defaults with no configuration and lists every bad value", () => {
    const config = configFromEnv(parseEnv({}));
    expect(config.trialDays).toBe(14);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(() => parseEnv({ PORT: "abc", DATABASE_URL: "not a url" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it("refuses a second process on the same data directory with a clear message", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-lock-"));
    const release = lockDataDir(dir);
    // Pretend another live process (our parent) holds it.
    fs.writeFileSync(path.join(dir, "doorstep.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
    // A stale lock from a dead process is taken over.
    fs.writeFileSync(path.join(dir, "doorstep.lock"), "999999");
    const again = lockDataDir(dir);
    again();
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
