import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "../test/factories.ts";

/**
 * CSRF (decision 011): writes with a cookie session must name this site as their origin; a foreign origin is
 * refused even without a cookie when the request would plant one. PUBLIC_URL is http://localhost:3000 here.
 */
const SAME = "http://localhost:3000";
const OTHER_PORT = "http://localhost:4000";
const EVIL = "http://evil.example";

describe("cross-site requests", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ sameOriginClient: false });
    user = await buildUser(t.ctx);
  });
  afterAll(async () => t.close());

  const me = (cookie: string) => t.app.inject({ url: "/api/me", headers: { cookie, origin: SAME } });

  it("refuses a text/plain form auto-submitted from another port of the same host, with the victim's cookie", async () => {
    const form = { "content-type": "text/plain", cookie: user.cookie, origin: OTHER_PORT };
    const created = await t.app.inject({ method: "POST", url: "/api/shared-content", headers: form, payload: "x=1" });
    expect(created.statusCode).toBe(403);
    expect(created.json().error.code).toBe("FORBIDDEN");
    // Nothing was created: the same-origin call is the one that creates it.
    const own = await t.app.inject({
      method: "POST",
      url: "/api/shared-content",
      headers: { cookie: user.cookie, origin: SAME },
    });
    expect(own.statusCode).toBe(201);

    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: form, payload: "x=1" });
    expect(logout.statusCode).toBe(403);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("refuses a forged Origin or Referer and a cookie write that names no origin; accepts this site's", async () => {
    const patch = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/me",
        headers: { cookie: user.cookie, ...headers },
        payload: { firstName: "Sam" },
      });
    expect((await patch({ origin: EVIL })).statusCode).toBe(403);
    expect((await patch({ origin: "null" })).statusCode).toBe(403);
    expect((await patch({ referer: `${EVIL}/page` })).statusCode).toBe(403);
    expect((await patch({})).statusCode).toBe(403);
    expect((await patch({ origin: SAME })).statusCode).toBe(204);
    expect((await patch({ referer: `${SAME}/profile` })).statusCode).toBe(204);
    // The request's own host counts as this site too (GUIDE_HOST, a second name behind the proxy).
    expect((await patch({ origin: "http://guide.example", host: "guide.example" })).statusCode).toBe(204);
    // Reads are not checked.
    expect((await t.app.inject({ url: "/api/me", headers: { cookie: user.cookie, origin: EVIL } })).statusCode).toBe(
      200,
    );
  });

  it("lets Bearer-token API calls through from anywhere", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { authorization: `Bearer ${user.token}`, origin: EVIL },
      payload: { firstName: "Api" },
    });
    expect(res.statusCode).toBe(204);
  });

  it("refuses a cross-site login or passcode unlock, which would plant a cookie; a same-site one works", async () => {
    const login = (origin?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: origin ? { origin } : {},
        payload: { email: user.email, password: TEST_PASSWORD },
      });
    const forged = await login(EVIL);
    expect(forged.statusCode).toBe(403);
    expect(forged.cookies).toHaveLength(0);
    expect((await login(SAME)).statusCode).toBe(200);
    // An API client without cookies or Origin (curl) can still log in.
    expect((await login()).statusCode).toBe(200);

    const propertyId = `csrf-${Math.random().toString(36).slice(2, 10)}`;
    const own = { cookie: user.cookie, origin: SAME };
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/properties",
          headers: own,
          payload: { title: "Gate", propertyId },
        })
      ).statusCode,
    ).toBe(201);
    // Published (a new property is a draft, decision 020), so its guide takes passcode attempts.
    const published = await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}`,
      headers: own,
      payload: { published: true },
    });
    expect(published.statusCode).toBeLessThan(300);
    const set = await t.app.inject({
      method: "PUT",
      url: `/api/properties/${propertyId}/passcode`,
      headers: own,
      payload: { passcode: "123456" },
    });
    expect(set.statusCode).toBeLessThan(300);
    const unlock = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: `/g/${propertyId}/unlock`,
        headers: { origin, accept: "application/json" },
        payload: { passcode: "123456" },
      });
    const crossSite = await unlock(EVIL);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.cookies).toHaveLength(0);
    const sameSite = await unlock(SAME);
    expect(sameSite.statusCode).toBe(200);
    expect(sameSite.cookies.length).toBe(1);
  });

  it("accepts the guide's own visit reports, which carry no session", async () => {
    const visit = await t.app.inject({
      method: "POST",
      url: "/api/guide/visits",
      headers: { origin: SAME },
      payload: {},
    });
    expect(visit.statusCode).not.toBe(403);
  });
});
