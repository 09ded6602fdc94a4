import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { guardedRoutes, openHarnessApp } from "./harness.ts";
import { PUBLIC_ROUTES } from "./route-lists.ts";
import { ROUTE_PERMISSIONS } from "./route-permissions.ts";

/**
 * The harness's tables against the routes Fastify registered: a route that declares a permission and is not in
 * ROUTE_PERMISSIONS (or is listed with another) fails here, and so does a public route listed but gone. The
 * per-route cases fail on their own sweeps: an id-taking route without an ownership fixture or a valid body in
 * cross-tenant.test.ts, a route marked public but not on the allow-list in public-and-guests.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await openHarnessApp();
});
afterAll(() => t.close());

const apiRoutes = () => guardedRoutes(t);

describe("authorization harness", () => {
  it("finds the routes it is meant to guard", () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it("has every allow-listed public route registered (the list stays honest)", () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    for (const key of PUBLIC_ROUTES) expect(registered.has(key), key).toBe(true);
  });
});

describe("role matrix (decision 056)", () => {
  it("lists every route's declared permission", () => {
    const declared = Object.fromEntries(
      apiRoutes()
        .filter((r) => r.permission !== null)
        .map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(declared).toEqual(ROUTE_PERMISSIONS);
    // Only public routes declare none.
    for (const r of apiRoutes()) if (r.permission === null) expect(r.public, `${r.method} ${r.url}`).toBe(true);
  });
});
