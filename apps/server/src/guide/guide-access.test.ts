import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildUser } from "../test/factories.ts";
import { guideWithContent, SECRET } from "../test/guide-fixture.ts";

// The guide's access rules: the passcode gate, the guest read API and the owner's preview.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const guide = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers });

describe("passcode (GUIDE-07, PROP-24/25, IMPL-03, OPEN-66)", () => {
  const unlock = (propertyId: string, passcode: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/g/${propertyId}/unlock`,
      headers: { accept: "application/json", ...headers },
      payload: { passcode },
    });

  it("shows only cover, title and the form until unlocked; the cookie opens it until the passcode changes", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const gate = await guide(`/g/${propertyId}`);
    expect(gate.statusCode).toBe(200);
    expect(gate.body).toContain("Harbour Loft");
    expect(gate.body).toContain(copy.guide.passcodeTitle);
    for (const leak of [SECRET, "Getting in", "12 Quay Street", copy.guide.hostCardTitle, "taxi.example.com", "246810"])
      expect(gate.body).not.toContain(leak);
    expect(gate.headers["cache-control"]).toBe("no-store");
    expect(gate.headers["x-guide-offline"]).toBe("purge");
    expect(gate.headers["x-robots-tag"]).toContain("noindex");

    const wrong = await unlock(propertyId, "111111");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(copy.guide.passcodeWrong);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    expect((await unlock(propertyId, "12ab")).json().error.issues[0].message).toBe(copy.guide.passcodeFormat);

    const right = await unlock(propertyId, "246810");
    expect(right.statusCode).toBe(200);
    const setCookie = String(right.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = setCookie.split(";")[0]!;
    const open = await guide(`/g/${propertyId}`, { cookie });
    expect(open.body).toContain(SECRET);
    expect(open.headers["cache-control"]).toBe("private, no-store");
    expect(open.headers["x-robots-tag"]).toContain("noindex");
    // Another guide is not unlocked by this cookie.
    expect(cookie.startsWith(`dsg_${propertyId}=`)).toBe(true);

    // PROP-25: a new passcode rotates the token and signs every guest out.
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "135790" });
    const after = await guide(`/g/${propertyId}`, { cookie });
    expect(after.body).toContain(copy.guide.passcodeTitle);
    expect(after.body).not.toContain(SECRET);
    // OPEN-66: the unlock lasts 30 days.
    const again = String((await unlock(propertyId, "135790")).headers["set-cookie"]).split(";")[0]!;
    expect((await guide(`/g/${propertyId}`, { cookie: again })).body).toContain(SECRET);
    t.clock.advance(31 * 86_400_000);
    expect((await guide(`/g/${propertyId}`, { cookie: again })).body).not.toContain(SECRET);
    t.clock.advance(-31 * 86_400_000);
    // Removing the passcode opens the guide to everyone.
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: null });
    expect((await guide(`/g/${propertyId}`)).body).toContain(SECRET);
  });

  it("works as a plain form post: redirect on success, the gate with the message on failure", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const form = (passcode: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: `/g/${propertyId}/unlock`,
        remoteAddress: ip,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        payload: `passcode=${passcode}&lang=fr`,
      });
    const wrong = await form("000000", "10.0.0.1");
    expect(wrong.statusCode).toBe(400);
    // In the language the gate was shown in.
    expect(wrong.body).toContain(guideLabels("fr").guide.passcodeWrong);
    expect(wrong.body).not.toContain(SECRET);
    const right = await form("246810", "10.0.0.1");
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(`/g/${propertyId}?lang=fr`);
    expect(String(right.headers["set-cookie"])).toContain(`dsg_${propertyId}=`);
  });

  it("rate-limits attempts per IP and property with a clear 429", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const headers = { "x-forwarded-for": "1.1.1.1" };
    let last;
    for (let i = 0; i < t.config.guide.unlock.max + 1; i++)
      last = await t.app.inject({
        method: "POST",
        url: `/g/${propertyId}/unlock`,
        remoteAddress: "10.9.9.9",
        headers: { accept: "application/json", ...headers },
        payload: { passcode: "000000" },
      });
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(copy.guide.passcodeTooMany(30)).toBe("Too many attempts. Please wait 1 minute and try again.");
    // Even the right code waits; another address is not blocked.
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/g/${propertyId}/unlock`,
          remoteAddress: "10.9.9.9",
          headers: { accept: "application/json" },
          payload: { passcode: "246810" },
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/g/${propertyId}/unlock`,
          remoteAddress: "10.9.9.10",
          headers: { accept: "application/json" },
          payload: { passcode: "246810" },
        })
      ).statusCode,
    ).toBe(200);
  });

  it("caps attempts per property across many addresses", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const perIp = t.config.guide.unlock.max;
    const attempt = (address: string, passcode: string) =>
      t.app.inject({
        method: "POST",
        url: `/g/${propertyId}/unlock`,
        remoteAddress: address,
        headers: { accept: "application/json" },
        payload: { passcode },
      });
    let status = 0;
    let tries = 0;
    // Each address stays under its own limit; together they reach the property's.
    for (let a = 0; status !== 429 && a < 40; a++)
      for (let i = 0; i < perIp - 1 && status !== 429; i++, tries++)
        status = (await attempt(`10.8.${a}.1`, "000000")).statusCode;
    expect(status).toBe(429);
    expect(tries).toBeGreaterThan(perIp * 5);
    expect((await attempt("10.7.0.1", "246810")).statusCode).toBe(429);
  });
});

describe("guide read API (IMPL-02)", () => {
  it("answers guest-safe data only; a protected guide is locked until unlocked; unknown or inactive 404", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    const res = await guide(`/api/guide/${propertyId}?lang=fr`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      propertyId,
      title: "Harbour Loft",
      locked: false,
      language: "fr",
      languages: ["en", "fr", "de"],
      displayAddress: "12 Quay Street, Whitby",
    });
    const arrival = body.sections.find((s: { label: string }) => s.label === "arrival");
    expect(arrival.items[0]).toMatchObject({ title: "Entrer", featured: true, untranslated: false });
    expect(arrival.items[0].detailText).not.toMatch(/<script|onerror/);
    expect(body.host.name).toBeTruthy();
    // Nothing of the owner's: no account, no passcode, no billing, no internal ids of rows.
    expect(JSON.stringify(body)).not.toMatch(/accountId|passcode|subscription|guideSessionToken|"id":"\d+"/i);
    expect(res.headers["cache-control"]).toBe("public, no-cache");

    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const locked = await guide(`/api/guide/${propertyId}`);
    expect(locked.json()).toMatchObject({
      locked: true,
      title: "Harbour Loft",
      sections: [],
      host: null,
      displayAddress: null,
    });
    for (const leak of [SECRET, "Getting in", "12 Quay Street", "246810"]) expect(locked.body).not.toContain(leak);
    expect(locked.headers["cache-control"]).toBe("private, no-store");
    const cookie = String(
      (
        await t.app.inject({
          method: "POST",
          url: `/g/${propertyId}/unlock`,
          headers: { accept: "application/json" },
          payload: { passcode: "246810" },
        })
      ).headers["set-cookie"],
    ).split(";")[0]!;
    expect((await guide(`/api/guide/${propertyId}`, { cookie })).body).toContain(SECRET);

    expect((await guide(`/api/guide/no-such-guide`)).statusCode).toBe(404);
    await api(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    const inactive = await guide(`/api/guide/${propertyId}`, { cookie });
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json().error.message).toBe(copy.guide.inactive);
    expect(inactive.body).not.toContain(SECRET);
  });
});

describe("preview (GUIDE-06, OPEN-57, IMPL-39)", () => {
  it("shows the owner an inactive, protected guide through a short-lived link, marked and noindex", async () => {
    const user = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const { propertyId } = await guideWithContent(t, user);
    await api(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    expect((await api(stranger, "POST", `/api/properties/${propertyId}/preview-link`, {})).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "POST", url: `/api/properties/${propertyId}/preview-link`, payload: {} }))
        .statusCode,
    ).toBe(401);

    const link = await api(user, "POST", `/api/properties/${propertyId}/preview-link`, {});
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    expect(url.pathname).toBe(`/g/${propertyId}`);
    const res = await guide(url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SECRET);
    expect(res.body).toContain(copy.guide.previewNote);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.body).not.toContain("data-visit");
    // Switching language inside the preview keeps the preview.
    const token = url.searchParams.get("preview")!;
    expect(res.body).toContain(`href="/g/${propertyId}?lang=fr&amp;preview=${encodeURIComponent(token)}"`);
    const french = await guide(`/g/${propertyId}?lang=fr&preview=${encodeURIComponent(token)}`);
    expect(french.body).toContain("Entrer");

    // A tampered token is no preview.
    expect(
      (await guide(`/g/${propertyId}?preview=${url.searchParams.get("preview")!.slice(0, -3)}abc`)).body,
    ).not.toContain(SECRET);
    // Expired after 15 minutes.
    t.clock.advance(16 * 60_000);
    const expired = await guide(url.pathname + url.search);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).not.toContain(SECRET);
    t.clock.advance(-16 * 60_000);
  });
});
