import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createKeyFor } from "../../test/api-key-probe.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

// The stays API as a property-management system calls it: an API key, no cookie, no Origin (decision 039).
describe("stays API with an API key", () => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let propertyId: string;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (config) => ({
        ...config,
        rateLimits: { ...config.rateLimits, apiKey: { max: 30, windowMs: 60_000 } },
      }),
    });
    host = await buildUser(t.ctx);
    stranger = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    ({ key } = await createKeyFor(t.app, host));
  });
  afterAll(() => t.close());

  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const call = (k: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object, extra = {}) =>
    t.app.inject({ method, url, headers: bearer(k, extra), payload });
  const body = (over: object = {}) => ({
    propertyId,
    guestFirstName: "Ana",
    checkInDate: day(10),
    checkOutDate: day(12),
    ...over,
  });

  it("creates, lists, reads, updates and cancels its account's stays", async () => {
    const made = await call(key, "POST", "/api/stays", body({ sourceId: "PMS-1", guestEmail: "ana@example.com" }));
    expect(made.statusCode, made.body).toBe(201);
    const stay = made.json().stay;
    expect(stay).toMatchObject({ propertyId, source: "api", sourceId: "PMS-1", status: "confirmed" });
    const list = await call(key, "GET", `/api/stays?propertyId=${propertyId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: { id: string }) => s.id)).toContain(stay.id);
    expect((await call(key, "GET", `/api/stays/${stay.id}`)).json().stay).toEqual(stay);
    const changed = await call(key, "PATCH", `/api/stays/${stay.id}`, { checkOutDate: day(14), adults: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().stay).toMatchObject({ checkOutDate: day(14), adults: 3 });
    const cancelled = await call(key, "POST", `/api/stays/${stay.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().stay.status).toBe("cancelled");
    // The host sees what the key did.
    expect((await t.as(host, "GET", `/api/stays/${stay.id}`)).json().stay.status).toBe("cancelled");
  });

  it("answers 404 for another account's stay and property, and lists none of them", async () => {
    const { propertyId: theirs } = await buildProperty(t.app, stranger);
    const their = await t.as(stranger, "POST", "/api/stays", { ...body(), propertyId: theirs });
    expect(their.statusCode).toBe(201);
    const id = their.json().stay.id;
    for (const [method, url, payload] of [
      ["GET", `/api/stays/${id}`, undefined],
      ["PATCH", `/api/stays/${id}`, { notes: "Hijacked" }],
      ["POST", `/api/stays/${id}/cancel`, undefined],
      ["POST", "/api/stays", { ...body(), propertyId: theirs }],
    ] as const) {
      const res = await call(key, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Filtering by their property is a 404 too; the whole list holds none of theirs.
    expect((await call(key, "GET", `/api/stays?propertyId=${theirs}`)).statusCode).toBe(404);
    const all = (await call(key, "GET", "/api/stays")).json().items as { id: string }[];
    expect(all.map((s) => s.id)).not.toContain(id);
    expect((await t.as(stranger, "GET", `/api/stays/${id}`)).json().stay).toMatchObject({
      status: "confirmed",
      notes: null,
    });
  });

  it("replays the first response to a repeat with the same Idempotency-Key", async () => {
    const headers = { "idempotency-key": "create-ida-1" };
    const first = await call(key, "POST", "/api/stays", body({ guestFirstName: "Ida" }), headers);
    expect(first.statusCode).toBe(201);
    const again = await call(key, "POST", "/api/stays", body({ guestFirstName: "Ida" }), headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const idas = (await call(key, "GET", `/api/stays?q=Ida&propertyId=${propertyId}`)).json().items;
    expect(idas).toHaveLength(1);
  });

  it("makes one stay of one sourceId: the second create answers it with 200", async () => {
    const first = await call(key, "POST", "/api/stays", body({ sourceId: "PMS-77", guestFirstName: "Noor" }));
    expect(first.statusCode).toBe(201);
    const second = await call(key, "POST", "/api/stays", body({ sourceId: "PMS-77", guestFirstName: "Noor" }));
    expect(second.statusCode).toBe(200);
    expect(second.json().stay.id).toBe(first.json().stay.id);
    const noors = (await call(key, "GET", `/api/stays?q=Noor&propertyId=${propertyId}`)).json().items;
    expect(noors).toHaveLength(1);
  });

  it("is rate-limited per key", async () => {
    const { key: busy } = await createKeyFor(t.app, host, "Busy");
    for (let i = 0; i < 30; i++) expect((await call(busy, "GET", "/api/stays")).statusCode).toBe(200);
    const limited = await call(busy, "GET", "/api/stays");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect((await call(key, "GET", "/api/stays")).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await call(busy, "GET", "/api/stays")).statusCode).toBe(200);
  });

  it("is documented with the bearer scheme and examples, and /api/docs serves the document", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    const paths = doc.paths;
    for (const [path, method] of [
      ["/api/stays", "get"],
      ["/api/stays", "post"],
      ["/api/stays/{stayId}", "get"],
      ["/api/stays/{stayId}", "patch"],
      ["/api/stays/{stayId}/cancel", "post"],
    ] as const) {
      expect(paths[path][method].security, `${method} ${path}`).toContainEqual({ bearerAuth: [] });
    }
    const create = paths["/api/stays"].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key" }));
    expect(JSON.stringify(create.requestBody)).toContain("PMS-48213");
    expect(JSON.stringify(paths["/api/stays/{stayId}"].get.responses["200"])).toContain("Sea View Flat");
    expect(JSON.stringify(paths["/api/stays/summary"])).not.toContain("bearerAuth");
    const docs = await t.app.inject({ url: "/api/docs" });
    expect(docs.statusCode, docs.body.slice(0, 200)).toBeLessThan(400);
  });
});
