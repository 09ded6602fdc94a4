// Issue 37 item 11 and issue 33 item 5, decision 045: Guide Analytics' tables add up to the device totals,
// whatever a guest does after the page loaded; a stay's guest link is a source of its own; days are the account's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { DESKTOP, guestReports, IPHONE, sessionId } from "../../test/guest-reports.ts";
import { flushEngagement } from "./engagement.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { beacon, visit } = guestReports(() => t, "198.21");
const api: TestApp["as"] = (...request) => t.as(...request);

interface Sections {
  sessions: number;
  sections: { key: string; sessions: number }[];
  languages: { code: string; sessions: number }[];
}
interface Visits {
  totals: { desktop: number; tablet: number; mobileQr: number; mobileLink: number; mobileStay: number; total: number };
}

async function views(owner: TestUser, from: string, to: string, propertyId?: string) {
  const query = `from=${from}&to=${to}${propertyId ? `&propertyId=${propertyId}` : ""}`;
  const visits = await api(owner, "GET", `/api/analytics/visits?${query}`);
  const sections = await api(owner, "GET", `/api/analytics/sections?${query}`);
  expect(visits.statusCode, visits.body).toBe(200);
  expect(sections.statusCode, sections.body).toBe(200);
  return { visits: visits.json() as Visits, sections: sections.json() as Sections };
}

/** Every table's total agrees with the device totals: sessions, languages; no section above the sessions. */
function expectConsistent({ visits, sections }: Awaited<ReturnType<typeof views>>) {
  const { total, ...byColumn } = visits.totals;
  expect(Object.values(byColumn).reduce((a, b) => a + b, 0)).toBe(total);
  expect(sections.sessions).toBe(total);
  expect(sections.languages.reduce((sum, l) => sum + l.sessions, 0)).toBe(total);
  for (const section of sections.sections) expect(section.sessions).toBeLessThanOrEqual(total);
}

describe("Guide Analytics adds up (decision 045)", () => {
  let owner: TestUser;
  let loft: string;
  let hut: string;
  beforeAll(async () => {
    owner = await buildUser(t.ctx);
    loft = (await buildProperty(t.app, owner, { title: "Harbour Loft" })).propertyId;
    hut = (await buildProperty(t.app, owner, { title: "Beach Hut" })).propertyId;
    for (const [categoryLabel, title] of [
      ["arrival", "Key safe"],
      ["safety", "Fire extinguisher"],
      ["check-out", "Keys"],
    ]) {
      const res = await api(owner, "POST", `/api/properties/${loft}/content/items`, { categoryLabel, title });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The host's days are Auckland's (UTC+12 in July): 13:00 UTC on the 10th is 01:00 on the 11th there.
    expect((await api(owner, "PUT", "/api/analytics/time-zone", { timeZone: "Pacific/Auckland" })).statusCode).toBe(
      200,
    );
    t.clock.now = new Date("2026-07-10T13:00:00Z");

    // A guest who reads two sections; their page's later beacon says another language: the visit's counts.
    expect((await visit(loft, sessionId("reader"), IPHONE, { language: "fr" })).statusCode).toBe(204);
    await beacon({
      propertyId: loft,
      trackingSessionId: sessionId("reader"),
      language: "en",
      sections: ["arrival", "safety"],
    });
    // A guest who leaves within seconds: a visit and its language, no beacon at all.
    expect((await visit(loft, sessionId("leaver"), IPHONE, { language: "de" })).statusCode).toBe(204);
    // A guest who switches language and reloads: the page reports the visit again, counted once, in French.
    expect((await visit(loft, sessionId("switcher"), DESKTOP, { language: "fr" })).statusCode).toBe(204);
    expect((await visit(loft, sessionId("switcher"), DESKTOP, { language: "es" })).statusCode).toBe(204);
    await beacon({ propertyId: loft, trackingSessionId: sessionId("switcher"), language: "es", sections: ["arrival"] });
    await beacon({ propertyId: loft, trackingSessionId: sessionId("switcher"), language: "es", sections: ["arrival"] });
    // Stay links, from a phone and from a laptop; a page cached before the visit carried its language.
    const stay = { utmSource: "stay-link", language: "en" };
    expect((await visit(hut, sessionId("stay-phone"), IPHONE, stay)).statusCode).toBe(204);
    expect((await visit(hut, sessionId("stay-laptop"), DESKTOP, stay)).statusCode).toBe(204);
    expect((await visit(hut, sessionId("qr"), IPHONE, { utmSource: "qr-code", language: "en" })).statusCode).toBe(204);
    await flushEngagement(t.ctx);
  });

  it("counts each session once, by device and source, with stay links apart, and every table adds up to it", async () => {
    const all = await views(owner, "2026-07-11", "2026-07-11");
    expect(all.visits.totals).toEqual({ desktop: 2, tablet: 0, mobileQr: 1, mobileLink: 2, mobileStay: 1, total: 6 });
    expectConsistent(all);
    expect(all.sections.languages).toEqual([
      { code: "en", name: "English", sessions: 3 },
      { code: "fr", name: "French", sessions: 2 },
      { code: "de", name: "German", sessions: 1 },
    ]);

    const one = await views(owner, "2026-07-11", "2026-07-11", loft);
    expect(one.visits.totals).toEqual({ desktop: 1, tablet: 0, mobileQr: 0, mobileLink: 2, mobileStay: 0, total: 3 });
    expectConsistent(one);
    expect(Object.fromEntries(one.sections.sections.map((s) => [s.key, s.sessions]))).toEqual({
      arrival: 2,
      safety: 1,
      "check-out": 0,
    });
    expectConsistent(await views(owner, "2026-07-11", "2026-07-11", hut));
  });

  it("takes the account's days: nothing on the UTC day, all of it on the Auckland day", async () => {
    const utcDay = await views(owner, "2026-07-10", "2026-07-10");
    expect(utcDay.visits.totals.total).toBe(0);
    expect(utcDay.sections.languages).toEqual([]);
    expect(utcDay.sections.sections.every((s) => s.sessions === 0)).toBe(true);
  });

  it("still adds up after the time zone changes and the days are recounted", async () => {
    expect((await api(owner, "PUT", "/api/analytics/time-zone", { timeZone: "UTC" })).json()).toEqual({
      timeZone: "UTC",
      rebuilt: true,
    });
    const moved = await views(owner, "2026-07-10", "2026-07-10");
    expect(moved.visits.totals.total).toBe(6);
    expectConsistent(moved);
    expect((await views(owner, "2026-07-11", "2026-07-11")).visits.totals.total).toBe(0);
  });
});
