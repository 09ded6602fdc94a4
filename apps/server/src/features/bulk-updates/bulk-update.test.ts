import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../cli/admin.commands.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildManager, buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const c = copy.bulkUpdates;
const bulk = (user: TestUser, body: { propertyIds: string; key: string; values: string; apply: boolean }) =>
  t.app.inject({ method: "POST", url: "/api/bulk-updates", headers: { cookie: user.cookie }, payload: body });
const property = async (user: TestUser, propertyId: string) =>
  (await t.app.inject({ url: `/api/properties/${propertyId}`, headers: { cookie: user.cookie } })).json().property;
const lines = (body: {
  results: { propertyId: string; status: string; before: string | null; after: string | null }[];
}) => body.results.map((r) => [r.propertyId, r.status, r.before, r.after]);

describe("POST /api/bulk-updates (BULK-01…05, OPEN-50)", () => {
  let host: TestUser;
  let a: string;
  let b: string;
  let theirs: string;
  beforeAll(async () => {
    host = await buildUser(t.ctx);
    a = (await buildProperty(t.app, host, { title: "Harbour Loft" })).propertyId;
    b = (await buildProperty(t.app, host, { title: "Beach Hut" })).propertyId;
    const stranger = await buildUser(t.ctx);
    theirs = (await buildProperty(t.app, stranger)).propertyId;
  });

  it("checks first without changing anything, then applies; ids and values are split on commas and trimmed, empties dropped", async () => {
    const request = { propertyIds: ` ${a} ,, ${b}, ${a} `, key: "LanguageTranslations", values: " fr, de ,, " };
    const preview = await bulk(host, { ...request, apply: false });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().applied).toBe(false);
    expect(lines(preview.json())).toEqual([
      [a, "will-update", c.empty, "fr, de"],
      [b, "will-update", c.empty, "fr, de"],
    ]);
    expect((await property(host, a)).languageTranslations).toEqual([]);

    const applied = (await bulk(host, { ...request, apply: true })).json();
    expect(lines(applied)).toEqual([
      [a, "updated", c.empty, "fr, de"],
      [b, "updated", c.empty, "fr, de"],
    ]);
    expect((await property(host, a)).languageTranslations).toEqual(["fr", "de"]);
    expect((await property(host, b)).languageTranslations).toEqual(["fr", "de"]);
    // The same request again changes nothing.
    expect(lines((await bulk(host, { ...request, apply: true })).json())).toEqual([
      [a, "unchanged", "fr, de", "fr, de"],
      [b, "unchanged", "fr, de", "fr, de"],
    ]);
  });

  it("reports another account's and unknown ids as not found, alike, and leaves them untouched", async () => {
    const res = (
      await bulk(host, {
        propertyIds: `${theirs}, no-such-flat, ${a}`,
        key: "PrimaryColour",
        values: "#1F6F68",
        apply: true,
      })
    ).json();
    expect(res.results.map((r: { status: string; title: string | null }) => [r.status, r.title])).toEqual([
      ["not-found", null],
      ["not-found", null],
      ["updated", "Harbour Loft"],
    ]);
    const stranger = await t.app.inject({ url: `/api/properties/${theirs}`, headers: { cookie: host.cookie } });
    expect(stranger.statusCode).toBe(404);
  });

  it("applies each property on its own: one rejected with the reason, the others updated", async () => {
    // French is a translation of both now; Italian of neither, so it cannot become the default anywhere.
    const fr = (
      await bulk(host, { propertyIds: `${a},${b}`, key: "DefaultLanguage", values: "fr", apply: true })
    ).json();
    expect(fr.results.map((r: { status: string }) => r.status)).toEqual(["updated", "updated"]);
    await bulk(host, { propertyIds: b, key: "LanguageTranslations", values: "fr, it", apply: true });
    const it_ = (
      await bulk(host, { propertyIds: `${a},${b}`, key: "defaultlanguage", values: "it", apply: true })
    ).json();
    expect(it_.results.map((r: { status: string }) => r.status)).toEqual(["rejected", "updated"]);
    expect(it_.results[0].reason).toMatch(/default language/i);
    expect((await property(host, a)).defaultLanguage).toBe("fr");
    expect((await property(host, b)).defaultLanguage).toBe("it");
  });

  it("takes the key by name or by field, typed scalars by their rules, and a manager of the caller's", async () => {
    const manager = await buildManager(t.ctx, host);
    const linked = (
      await bulk(host, { propertyIds: a, key: "LinkedManager", values: manager.vanityId, apply: true })
    ).json();
    expect(linked.results[0].status).toBe("updated");
    expect((await property(host, a)).manager.vanityId).toBe(manager.vanityId);
    const published = (await bulk(host, { propertyIds: a, key: "published", values: "Off", apply: true })).json();
    expect(lines(published)).toEqual([[a, "updated", c.on, c.off]]);
    const cleared = (await bulk(host, { propertyIds: a, key: "PrimaryColour", values: "none", apply: true })).json();
    expect(lines(cleared)).toEqual([[a, "updated", "#1F6F68", c.empty]]);
    // Company branding needs a company: rejected with Basic Setup's own message.
    const branding = (await bulk(host, { propertyIds: a, key: "CompanyBranding", values: "on", apply: true })).json();
    expect(branding.results[0]).toMatchObject({
      status: "rejected",
      reason: copy.basicSetup.companyBrandingNeedsCompany,
    });
  });

  it("refuses what cannot apply to any property with 400 and a clear message", async () => {
    const cases: [object, string][] = [
      [{ key: "Title" }, c.unknownKey],
      [{ key: "DefaultLanguage", values: "fr, de" }, c.oneValue],
      [{ key: "DefaultLanguage", values: " , " }, c.noValues],
      [{ key: "Published", values: "maybe" }, c.onOrOff],
      [{ key: "LanguageTranslations", values: "fr, xx" }, "Unknown language code"],
      [{ key: "PrimaryColour", values: "teal" }, "Use a hex colour such as #1F6F68"],
      [{ key: "LinkedManager", values: "12345678" }, c.unknownManager],
      [{ propertyIds: " , " }, c.noIds],
      [{ propertyIds: Array.from({ length: 1001 }, (_, i) => `p${i}`).join(",") }, c.tooManyIds(1000)],
    ];
    for (const [change, message] of cases) {
      const res = await bulk(host, {
        propertyIds: a,
        key: "LanguageTranslations",
        values: "fr",
        apply: true,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json().error.issues[0].message).toBe(message);
    }
  });

  it("switches guest messages on and off for many properties, both directions together (OPEN-51)", async () => {
    const owner = await buildUser(t.ctx);
    const p = (await buildProperty(t.app, owner, { title: "Msg One" })).propertyId;
    const q = (await buildProperty(t.app, owner, { title: "Msg Two" })).propertyId;
    const on = (
      await bulk(owner, { propertyIds: `${p}, ${q}`, key: "GuestMessages", values: "on", apply: true })
    ).json();
    expect(lines(on)).toEqual([
      [p, "updated", c.off, c.on],
      [q, "updated", c.off, c.on],
    ]);
    expect(await property(owner, q)).toMatchObject({ inboundMessagingActive: true, outboundMessagingActive: true });
    const me = await t.app.inject({ url: "/api/me", headers: { cookie: owner.cookie } });
    expect(me.json().user.messagingActive).toBe(true);
    await bulk(owner, { propertyIds: `${p}, ${q}`, key: "GuestMessages", values: "off", apply: true });
    expect(await property(owner, p)).toMatchObject({ inboundMessagingActive: false, outboundMessagingActive: false });
  });

  it("puts every applied change on the account's audit trail, which the admin CLI lists; checks and unchanged ones are not", async () => {
    const auditor = await buildUser(t.ctx);
    const p = (await buildProperty(t.app, auditor, { title: "Audit Barn" })).propertyId;
    const q = (await buildProperty(t.app, auditor, { title: "Audit Mill" })).propertyId;
    const run = (apply: boolean) =>
      bulk(auditor, { propertyIds: `${p}, ${q}, ${theirs}`, key: "PrimaryColour", values: "#1F6F68", apply });
    await run(false);
    await bulk(auditor, { propertyIds: q, key: "PrimaryColour", values: "#1F6F68", apply: true });
    t.clock.advance(1000);
    await run(true); // p updated; q unchanged; another account's not found
    const listed = await runAdminCommand(t.ctx.db, ["account-audit", auditor.email], "ops", t.ctx.payments);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(`${auditor.email}  bulk-update  ${p}`);
    expect(listed[0]).toContain('"key":"PrimaryColour"');
    expect(listed[1]).toContain(`bulk-update  ${q}`);
    expect(listed.join("\n")).not.toContain(theirs);
    const stranger = await buildUser(t.ctx);
    expect(await runAdminCommand(t.ctx.db, ["account-audit", stranger.email], "ops", t.ctx.payments)).toEqual([
      "No bulk changes recorded for this account.",
    ]);
  });
});
