import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { API_KEYS_MAX } from "@doorstep/shared/schemas/api-keys";
import { apiKeys } from "../../db/schema/api-keys.ts";
import { bearer, createKeyFor, registerKeyProbe } from "../../test/api-key-probe.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildMember, buildUser, type TestUser } from "../../test/factories.ts";

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ routes: (app, ctx) => void registerKeyProbe(app, ctx) });
  owner = await buildUser(t.ctx);
});
afterAll(() => t.close());

const list = async (user: TestUser) =>
  (await t.as(user, "GET", "/api/api-keys")).json().items as Record<string, unknown>[];

describe("API keys: the owner makes, lists and revokes them", () => {
  it("answers the whole key once, stores only its SHA-256 and lists it by name and prefix", async () => {
    const res = await t.as(owner, "POST", "/api/api-keys", { name: "  Hostaway  " });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { key, apiKey } = res.json();
    expect(key).toMatch(/^dsk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: "Hostaway",
      prefix: key.slice(0, 17),
      createdAt: t.clock.now.toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.secretHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row!.createdByUserId).toBe(owner.id);
    expect(JSON.stringify(row)).not.toContain(key.slice(17));
    const listed = await t.as(owner, "GET", "/api/api-keys");
    expect(listed.json().items[0]).toEqual(apiKey);
    expect(listed.body).not.toContain(key.slice(17));
  });

  it("refuses a key without a name", async () => {
    const res = await t.as(owner, "POST", "/api/api-keys", { name: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("lets the account owner and its admins manage keys, and no editor or viewer (decision 056)", async () => {
    const host = await buildUser(t.ctx);
    const admin = await buildMember(t.ctx, host, "admin");
    expect((await t.as(admin, "POST", "/api/api-keys", { name: "Admin's" })).statusCode).toBe(201);
    for (const role of ["editor", "viewer"] as const) {
      const member = await buildMember(t.ctx, host, role);
      for (const [method, url, body] of [
        ["GET", "/api/api-keys", undefined],
        ["POST", "/api/api-keys", { name: "Mine" }],
      ] as const) {
        const res = await t.as(member, method, url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error).toEqual({ code: "FORBIDDEN", message: copy.teamErrors.roleNotAllowed });
      }
    }
  });

  it(`holds at most ${API_KEYS_MAX} active keys per account; a revoked one frees a place`, async () => {
    const host = await buildUser(t.ctx);
    const made = [];
    for (let i = 0; i < API_KEYS_MAX; i++) made.push(await createKeyFor(t.app, host, `Key ${i}`));
    const refused = await t.as(host, "POST", "/api/api-keys", { name: "One more" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: "CONFLICT", message: copy.apiKeys.errors.limit(API_KEYS_MAX) });
    expect(await list(host)).toHaveLength(API_KEYS_MAX);
    await t.as(host, "POST", `/api/api-keys/${made[0]!.apiKey.id}/revoke`, {});
    expect((await t.as(host, "POST", "/api/api-keys", { name: "One more" })).statusCode).toBe(201);
    expect(await list(host)).toHaveLength(API_KEYS_MAX + 1);
  });

  it("revokes a key at once: it is listed as revoked and every call with it is 401", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, host);
    const { key, apiKey } = await createKeyFor(t.app, host);
    const probe = `/api/test/key-probe/properties/${propertyId}`;
    expect((await t.app.inject({ url: probe, headers: bearer(key) })).statusCode).toBe(200);
    t.clock.advance(1000);
    const revoked = await t.as(host, "POST", `/api/api-keys/${apiKey.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().apiKey.revokedAt).toBe(t.clock.now.toISOString());
    // A second revoke keeps the first time.
    t.clock.advance(1000);
    expect((await t.as(host, "POST", `/api/api-keys/${apiKey.id}/revoke`, {})).json().apiKey.revokedAt).toBe(
      revoked.json().apiKey.revokedAt,
    );
    const res = await t.app.inject({ url: probe, headers: bearer(key) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: "API_KEY_INVALID", message: copy.apiKeys.errors.invalid });
    expect((await list(host))[0]).toMatchObject({ id: apiKey.id, revokedAt: revoked.json().apiKey.revokedAt });
  });

  it("never lets a key manage keys: the key routes are for signed-in owners only", async () => {
    const { key, apiKey } = await createKeyFor(t.app, owner);
    for (const [method, url] of [
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys"],
      ["POST", `/api/api-keys/${apiKey.id}/revoke`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(key),
        payload: method === "POST" ? { name: "x" } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toEqual({ code: "API_KEY_NOT_ALLOWED", message: copy.apiKeys.errors.notAllowed });
    }
    expect((await list(owner)).find((k) => k.id === apiKey.id)?.revokedAt).toBeNull();
  });

  it("notes a key's last use at most once a minute", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, host);
    const { key, apiKey } = await createKeyFor(t.app, host);
    const call = () => t.app.inject({ url: `/api/test/key-probe/properties/${propertyId}`, headers: bearer(key) });
    const lastUsed = async () => (await list(host)).find((k) => k.id === apiKey.id)!.lastUsedAt;
    const first = t.clock.now.toISOString();
    await call();
    expect(await lastUsed()).toBe(first);
    t.clock.advance(59_000);
    await call();
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1_000);
    await call();
    expect(await lastUsed()).toBe(t.clock.now.toISOString());
  });
});
