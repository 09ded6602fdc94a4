import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { CARDS, subscribe } from "../test/billing-helpers.ts";
import { buildUser, setAccountState, type TestUser } from "../test/factories.ts";
import { API_CSP } from "./security-headers.ts";
import { dashboardCsp } from "./spa.ts";

/** Security headers on every response (decision 011): the API's, the docs UI's and the receipts'. */
describe("security headers", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.ctx);
  });
  afterAll(async () => t.close());

  it("sends nosniff and a policy that forbids framing on every route's response, errors included", async () => {
    const routes = t.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, "some-id").replace("*", "some-file");
      for (const headers of [{ cookie: user.cookie }, {}]) {
        const res = await t.app.inject({ method: route.method as "GET", url, headers });
        const key = `${route.method} ${route.url} (${res.statusCode})`;
        expect(res.headers["x-content-type-options"], key).toBe("nosniff");
        const type = String(res.headers["content-type"]);
        // Scripts carry no policy of their own: as a worker (the guide's sw.js) it would be the worker's.
        if (type.includes("javascript")) expect(res.headers["content-security-policy"], key).not.toBe(API_CSP);
        else expect(String(res.headers["content-security-policy"]), key).toMatch(/frame-ancestors 'none'/);
        expect(res.headers["x-frame-options"], key).toBe("DENY");
        if (type.startsWith("application/json") && !url.startsWith("/api/docs")) {
          expect(res.headers["content-security-policy"], key).toBe(API_CSP);
        }
      }
    }
    const worker = await t.app.inject("/g/some-id/sw.js");
    expect(worker.headers["content-type"]).toMatch(/javascript/);
    expect(worker.headers["content-security-policy"]).toBeUndefined();
    const unknown = await t.app.inject("/api/no-such-route");
    expect(unknown.headers["content-security-policy"]).toBe(API_CSP);
  });

  it("gives the docs UI a policy that lets Swagger UI's own scripts and styles run, and nothing frame it", async () => {
    const page = await t.app.inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    // Swagger UI loads its scripts and styles from its own static routes; none runs inline.
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    // Served over plain http here: upgrading its own asset requests would break it.
    expect(csp).not.toContain("upgrade-insecure-requests");
    const script = await t.app.inject("/api/docs/static/swagger-initializer.js");
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves a receipt page under the dashboard's policy", async () => {
    // A user of its own: the test above has logged its user out.
    const payer = await buildUser(t.ctx);
    await setAccountState(t.ctx, payer.accountId, { trialEndsAt: new Date(t.ctx.now().getTime() - 1000) });
    expect((await subscribe(t.app, payer, CARDS.ok)).statusCode).toBe(201);
    const invoices = await t.app.inject({ url: "/api/billing/invoices", headers: { cookie: payer.cookie } });
    const id = (invoices.json().items as { id: string }[])[0]!.id;
    const receipt = await t.app.inject({
      url: `/api/billing/invoices/${id}/receipt`,
      headers: { cookie: payer.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toMatch(/^text\/html/);
    expect(receipt.headers["content-security-policy"]).toBe(
      dashboardCsp({ mapTileUrl: t.config.mapTileUrl, stripe: false }),
    );
    expect(receipt.headers["x-content-type-options"]).toBe("nosniff");
  });
});
