import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { bearer, createKeyFor, registerKeyProbe } from "../../test/api-key-probe.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

// Exactly the headers given: the cross-origin cases below name their own Origin, or none.
let t: TestApp;
let owner: TestUser;
let propertyId: string;
let key: string;
const ORIGIN = { origin: "http://localhost:3000" };
/** The app as the dashboard calls it (from its own origin), for the factories. */
const dashboard = () =>
  ({
    inject: (o: InjectOptions) => t.app.inject({ ...o, headers: { ...ORIGIN, ...(o.headers ?? {}) } }),
  }) as unknown as FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({
    sameOriginClient: false,
    routes: (app, ctx) => void registerKeyProbe(app, ctx),
    configure: (config) => ({ ...config, rateLimits: { ...config.rateLimits, apiKey: { max: 5, windowMs: 60_000 } } }),
  });
  owner = await buildUser(t.ctx);
  ({ propertyId } = await buildProperty(dashboard(), owner));
  ({ key } = await createKeyFor(t.app, owner));
});
afterAll(() => t.close());

const note = (headers: Record<string, string>, text = "hello") =>
  t.app.inject({ method: "POST", url: "/api/test/key-probe/notes", headers, payload: { text } });

describe("Bearer API keys", () => {
  it("call a route open to keys as their account, with no user", async () => {
    const res = await t.app.inject({ url: `/api/test/key-probe/properties/${propertyId}`, headers: bearer(key) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: "api-key", accountId: owner.accountId, title: "Seaside Escape" });
    // The same route still serves the signed-in owner.
    const asUser = await t.app.inject({
      url: `/api/test/key-probe/properties/${propertyId}`,
      headers: { cookie: owner.cookie },
    });
    expect(asUser.json()).toMatchObject({ kind: "user", accountId: owner.accountId });
  });

  it("reach no other account's data: another account's property is 404, as for an id that does not exist", async () => {
    const other = await buildUser(t.ctx);
    const theirs = (await buildProperty(dashboard(), other)).propertyId;
    for (const id of [theirs, "no-such-property"]) {
      const res = await t.app.inject({ url: `/api/test/key-probe/properties/${id}`, headers: bearer(key) });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("can do nothing else: every route not open to keys answers 401 API_KEY_NOT_ALLOWED, public ones too", async () => {
    for (const [method, url] of [
      ["GET", "/api/me"],
      ["GET", "/api/properties"],
      ["GET", `/api/properties/${propertyId}`],
      ["PATCH", `/api/properties/${propertyId}`],
      ["POST", "/api/auth/logout"],
      ["GET", "/api/config"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(key), payload: method === "GET" ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error, url).toEqual({ code: "API_KEY_NOT_ALLOWED", message: copy.apiKeys.errors.notAllowed });
    }
    // Even beside the owner's own session cookie, a key is a key: the cookie signs nobody in.
    const both = await t.app.inject({ url: "/api/me", headers: { ...bearer(key), cookie: owner.cookie } });
    expect(both.statusCode).toBe(401);
    expect(both.json().error.code).toBe("API_KEY_NOT_ALLOWED");
  });

  it("answers 401 API_KEY_INVALID to an unknown or malformed key", async () => {
    const unknown = `dsk_live_${"A".repeat(43)}`;
    for (const k of [unknown, "dsk_live_short", `${key}x`]) {
      const res = await t.app.inject({ url: `/api/test/key-probe/properties/${propertyId}`, headers: bearer(k) });
      expect(res.statusCode, k).toBe(401);
      expect(res.json().error).toEqual({ code: "API_KEY_INVALID", message: copy.apiKeys.errors.invalid });
    }
  });

  it("writes without an Origin (a server, not a browser), but never lets a cookie ride on a fake key header", async () => {
    expect((await note(bearer(key))).statusCode).toBe(201);
    expect((await note({ ...bearer(key), origin: "https://pms.example" })).statusCode).toBe(201);
    // A foreign page cannot make a browser send Authorization without CORS; a cookie-bearing request that
    // claims one anyway is judged as the browser request it is.
    const forged = await note({ ...bearer(key), cookie: owner.cookie, origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe("FORBIDDEN");
    const noOrigin = await note({ ...bearer(key), cookie: owner.cookie });
    expect(noOrigin.statusCode).toBe(403);
    // The signed-in owner writes from the dashboard's origin as ever.
    expect((await note({ cookie: owner.cookie, ...ORIGIN })).json()).toMatchObject({ kind: "user" });
  });

  it("is rate-limited per key: a busy key waits, another key of the account does not", async () => {
    const host = await buildUser(t.ctx);
    const home = (await buildProperty(dashboard(), host)).propertyId;
    const [busy, calm] = [(await createKeyFor(t.app, host, "Busy")).key, (await createKeyFor(t.app, host, "Calm")).key];
    const call = (k: string) => t.app.inject({ url: `/api/test/key-probe/properties/${home}`, headers: bearer(k) });
    for (let i = 0; i < 5; i++) expect((await call(busy)).statusCode).toBe(200);
    const limited = await call(busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(calm)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await call(busy)).statusCode).toBe(200);
  });

  it("is documented: the bearerAuth scheme on the routes open to keys, with Idempotency-Key on their writes", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const write = doc.paths["/api/test/key-probe/notes"].post;
    expect(write.security).toEqual([{ bearerAuth: [] }, { session: [] }]);
    expect(write.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key" }));
    expect(write.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "x-probe" }));
    expect(doc.paths["/api/test/key-probe/properties/{propertyId}"].get.security).toContainEqual({ bearerAuth: [] });
    // Routes closed to keys do not list the scheme.
    expect(JSON.stringify(doc.paths["/api/api-keys"])).not.toContain("bearerAuth");
    expect(JSON.stringify(doc.paths["/api/me"])).not.toContain("bearerAuth");
  });
});
