import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { fr } from "@doorstep/shared/guide-i18n/fr";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT";

describe("stays' guest links: the link, a new link, sending it, and what it opens (decision 042)", () => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    stranger = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    await api(host, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
  });
  afterAll(() => t.close());
  const api = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  /** The day `n` days from today on the test clock (UTC, the new property's zone). */
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  async function addStay(from: number, to: number, extra: object = {}): Promise<string> {
    const res = await api(host, "POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      guestEmail: "ana@example.com",
      checkInDate: day(from),
      checkOutDate: day(to),
      doorCode: "4821#",
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().stay.id;
  }
  const linkOf = async (stayId: string) => {
    const res = await api(host, "GET", `/api/stays/${stayId}/link`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; openedCount: number; lastOpenedAt: string | null; revealAt: string };
  };
  const open = (url: string, query = "") => t.app.inject({ method: "GET", url: `${new URL(url).pathname}${query}` });

  it("makes one unguessable link per stay, the same on every read", async () => {
    const stayId = await addStay(10, 13);
    const first = await linkOf(stayId);
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{32}$/);
    expect((await linkOf(stayId)).url).toBe(first.url);
    expect(first).toMatchObject({ openedCount: 0, lastOpenedAt: null });
    const other = await linkOf(await addStay(20, 22));
    expect(other.url).not.toBe(first.url);
  });

  it("counts openings, and a new link kills the old one at once", async () => {
    const stayId = await addStay(0, 3);
    const old = await linkOf(stayId);
    expect((await open(old.url)).statusCode).toBe(200);
    expect((await open(old.url)).statusCode).toBe(200);
    expect(await linkOf(stayId)).toMatchObject({ openedCount: 2, lastOpenedAt: t.clock.now.toISOString() });
    const renewed = await api(host, "POST", `/api/stays/${stayId}/link`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ openedCount: 0 });
    expect(renewed.json().url).not.toBe(old.url);
    expect((await open(old.url)).statusCode).toBe(404);
    expect((await open(renewed.json().url)).statusCode).toBe(200);
  });

  it("shows an ongoing stay's welcome, dates and door code, private and never indexed", async () => {
    const stayId = await addStay(-1, 2);
    const page = await open((await linkOf(stayId)).url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Welcome, Ana");
    expect(page.body).toContain("4821#");
    expect(page.body).toContain('data-stay-phase="during"');
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("before the reveal shows the day the details appear and no code; after, the goodbye and no code", async () => {
    const future = await open((await linkOf(await addStay(30, 33))).url);
    expect(future.body).toContain('data-stay-phase="before"');
    expect(future.body).not.toContain("4821#");
    const revealDay = new Intl.DateTimeFormat("en", { dateStyle: "full", timeZone: "UTC" }).format(
      new Date(`${day(29)}T00:00:00Z`),
    );
    expect(future.body).toContain(copy.guestStay.revealOn(revealDay));
    const past = await open((await linkOf(await addStay(-4, -1))).url);
    expect(past.body).toContain('data-stay-phase="after"');
    expect(past.body).toContain(copy.guestStay.ended);
    expect(past.body).not.toContain("4821#");
    // The rest of the guide stays readable.
    expect(past.body).toContain("Harbour Loft");
  });

  it("follows the account's reveal and end settings, driven by the clock", async () => {
    const stayId = await addStay(2, 4, { checkOutTime: "11:00" });
    const { url } = await linkOf(stayId);
    const phase = async () => /data-stay-phase="(\w+)"/.exec((await open(url)).body)?.[1];
    // Default: from 00:00 the day before check-in (tomorrow) — not yet today.
    expect(await phase()).toBe("before");
    const put = await api(host, "PUT", "/api/stay-link-settings", { revealDaysBefore: 3, endsAt: "check-out-time" });
    expect(put.statusCode, put.body).toBe(200);
    expect(await phase()).toBe("during");
    expect((await api(host, "GET", "/api/stay-link-settings")).json()).toEqual({
      revealDaysBefore: 3,
      endsAt: "check-out-time",
    });
    // Check-out day at 12:00: past the check-out time, so hidden again; with the end of the day, still shown.
    const saved = t.clock.now;
    t.clock.now = new Date(`${day(4)}T12:00:00Z`);
    try {
      expect(await phase()).toBe("after");
      await api(host, "PUT", "/api/stay-link-settings", { revealDaysBefore: 1, endsAt: "end-of-check-out-day" });
      expect(await phase()).toBe("during");
    } finally {
      t.clock.now = saved;
    }
    expect(await phase()).toBe("before");
    const bad = await api(host, "PUT", "/api/stay-link-settings", { revealDaysBefore: 5, endsAt: "check-out-time" });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a change of the stay's door code or dates on the next request", async () => {
    const stayId = await addStay(-1, 2);
    const { url } = await linkOf(stayId);
    expect((await open(url)).body).toContain("4821#");
    await api(host, "PATCH", `/api/stays/${stayId}`, { doorCode: "9090" });
    expect((await open(url)).body).toContain("9090");
    await api(host, "PATCH", `/api/stays/${stayId}`, { checkInDate: day(20), checkOutDate: day(22) });
    const moved = (await open(url)).body;
    expect(moved).toContain('data-stay-phase="before"');
    expect(moved).not.toContain("9090");
  });

  it("shows the details now when the host releases them early", async () => {
    const stayId = await addStay(20, 22);
    const { url } = await linkOf(stayId);
    expect((await open(url)).body).not.toContain("4821#");
    const released = await api(host, "POST", `/api/stays/${stayId}/release`);
    expect(released.statusCode).toBe(200);
    expect(released.json().releasedAt).toBe(t.clock.now.toISOString());
    expect((await open(url)).body).toContain("4821#");
  });

  it("opens in the stay's language, switchable, with the language links on the stay's own address", async () => {
    const stayId = await addStay(-1, 1, { guestLanguage: "fr" });
    const { url } = await linkOf(stayId);
    const page = await open(url);
    expect(page.body).toContain(fr.stay.welcome("Ana"));
    expect(page.body).toContain(`href="${new URL(url).pathname}?lang=en"`);
    expect((await open(url, "?lang=en")).body).toContain("Welcome, Ana");
  });

  it("a cancelled stay's link says it is no longer active, in the guest's language, with nothing of the stay", async () => {
    const stayId = await addStay(-1, 2, { guestLanguage: "fr", guestFirstName: "Zoé" });
    const { url } = await linkOf(stayId);
    expect((await api(host, "POST", `/api/stays/${stayId}/cancel`)).statusCode).toBe(200);
    const page = await open(url);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(fr.stay.inactive);
    expect(page.body).not.toContain("Zoé");
    expect(page.body).not.toContain("4821#");
    expect(page.body).not.toContain("Harbour Loft");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const send = await api(host, "POST", `/api/stays/${stayId}/link/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toMatchObject({ code: "CONFLICT", message: copy.stayLink.inactive });
  });

  it("sends the link to the guest in the stay's language through the outbox", async () => {
    const stayId = await addStay(5, 7, { guestLanguage: "fr", guestEmail: "zoe@example.com" });
    const { url } = await linkOf(stayId);
    const sent = await api(host, "POST", `/api/stays/${stayId}/link/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: "zoe@example.com" });
    const mail = (await t.app.inject("/api/test/outbox?to=zoe@example.com")).json().emails[0];
    expect(mail.subject).toBe(fr.stay.emailSubject("Harbour Loft"));
    expect(mail.text).toContain(url);
    const noEmail = await addStay(5, 7, { guestEmail: undefined });
    const refused = await api(host, "POST", `/api/stays/${noEmail}/link/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "CONFLICT", message: copy.stayLink.noEmail });
  });

  it("gives the QR code of the link as a PNG", async () => {
    const stayId = await addStay(5, 7);
    const res = await api(host, "GET", `/api/stays/${stayId}/link/qr.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("answers 404 for another account's stay on every link route", async () => {
    const stayId = await addStay(5, 7);
    for (const [method, url] of [
      ["GET", `/api/stays/${stayId}/link`],
      ["POST", `/api/stays/${stayId}/link`],
      ["POST", `/api/stays/${stayId}/link/send`],
      ["GET", `/api/stays/${stayId}/link/qr.png`],
      ["POST", `/api/stays/${stayId}/release`],
    ] as const) {
      expect((await api(stranger, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("answers an unknown token 404 with nothing of any guide, and refuses a burst of them from one address", async () => {
    const miss = await t.app.inject({
      method: "GET",
      url: "/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      remoteAddress: "10.9.9.9",
    });
    expect(miss.statusCode).toBe(404);
    expect(miss.headers["cache-control"]).toBe("private, no-store");
    const max = t.config.guide.stayLinkMisses.max;
    let last = 0;
    for (let i = 0; i < max + 1; i++)
      last = (
        await t.app.inject({ method: "GET", url: `/s/guess${i}guessguessguessguessguess`, remoteAddress: "10.9.9.8" })
      ).statusCode;
    expect(last).toBe(429);
  });
});
