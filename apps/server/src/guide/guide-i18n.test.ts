import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { englishGuideLabels } from "@doorstep/shared/guide-i18n/english";
import type { CategoryDto } from "@doorstep/shared/schemas/content";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, multipart } from "../test/factories.ts";
import { localCategory } from "./guide-labels.ts";
import { nativeLanguageName } from "./language.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const guide = async (path: string, headers: Record<string, string> = {}) =>
  (await t.app.inject({ method: "GET", url: path, headers })).body;
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const count = (html: string, s: string) => html.split(s).length - 1;

/** A guide in English, French and Arabic: the Wi-Fi item translated into French, the arrival item not at all. */
async function multilingualGuide() {
  const user = await buildUser(t.ctx);
  const p = await buildProperty(t.app, user, { title: "Harbour Loft" });
  const patched = await api(user, "PATCH", `/api/properties/${p.propertyId}`, {
    languageTranslations: ["fr", "ar"],
    inboundMessagingActive: true,
    outboundMessagingActive: true,
  });
  expect(patched.statusCode, patched.body).toBe(204);
  const wifi = await api(user, "POST", `/api/properties/${p.propertyId}/content/items`, {
    categoryLabel: "wifi-and-tech",
    templateLabel: "wifi",
    title: "Wi-Fi",
    detailText: "<p>Network: <strong>SeaView</strong><br>Password: <strong>sunshine42</strong></p>",
    translations: [
      { language: "fr", action: "create", title: "Le Wi-Fi", detailText: "<p>Réseau : <strong>SeaView</strong></p>" },
    ],
  });
  expect(wifi.statusCode, wifi.body).toBe(201);
  const arrival = await api(user, "POST", `/api/properties/${p.propertyId}/content/items`, {
    categoryLabel: "arrival",
    title: "Getting in",
    detailText: "<p>The key safe is left of the door.</p>",
    describe: "A grey key safe",
  });
  expect(arrival.statusCode, arrival.body).toBe(201);
  return { user, ...p };
}

describe("the guide's labels in the guest's language (GUIDE-08)", () => {
  it("shows a French guide with French labels, category titles and language names in their own language", async () => {
    const { propertyId } = await multilingualGuide();
    const html = await guide(`/g/${propertyId}?lang=fr`);
    const fr = guideLabels("fr");
    expect(html).toContain('<html lang="fr" dir="ltr"');
    for (const label of [
      fr.guide.hostCardTitle,
      fr.guide.copyWifiPassword,
      fr.guide.contents,
      fr.guide.skipToContent,
      fr.messaging.entry,
      fr.guide.home,
      fr.guide.searchLabel,
      fr.guide.backToTop,
    ])
      expect(html, label).toContain(escape(label));
    expect(html).toContain(`aria-label="${escape(fr.guide.wifiQr("SeaView"))}"`);
    expect(html).toContain(`data-copied="${fr.guide.copied}"`);
    // System categories by the catalogue's translation.
    expect(html).toContain(`>${escape(fr.categories.arrival)}</h2>`);
    expect(html).toContain(`>${escape(fr.categories["wifi-and-tech"])}</a>`);
    expect(html).not.toContain("Arrival &amp; check-in");
    for (const english of [copy.guide.hostCardTitle, copy.guide.copyWifiPassword, copy.guide.searchLabel])
      expect(html, english).not.toContain(escape(english));
    // The switcher names each language in that language.
    for (const name of ["English", "Français", "العربية"]) expect(html).toContain(`>${name}</a>`);
    expect(html).not.toContain(">French</a>");
    expect(html).toContain(`href="/g/${propertyId}/messages?lang=fr"`);
  });

  it("sets an Arabic guide right to left, in Arabic", async () => {
    const { propertyId } = await multilingualGuide();
    const html = await guide(`/g/${propertyId}`, { "accept-language": "ar-EG,ar;q=0.9" });
    const ar = guideLabels("ar");
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(escape(ar.guide.hostCardTitle));
    expect(html).toContain(`>${ar.categories.arrival}</h2>`);
  });

  it("says once that some content is in English, and marks each English field lang=en", async () => {
    const { propertyId } = await multilingualGuide();
    const fr = guideLabels("fr");
    const html = await guide(`/g/${propertyId}?lang=fr`);
    expect(count(html, escape(fr.guide.untranslatedNotice))).toBe(1);
    expect(html).not.toContain(copy.content.untranslated);
    // The untranslated arrival item: its title, text and details are English, and say so.
    expect(html).toMatch(/<h3 lang="en">Getting in<\/h3>/);
    expect(html).toMatch(/<div class="rich" lang="en"><p>The key safe is left of the door.<\/p><\/div>/);
    expect(html).toMatch(/<dd lang="en">A grey key safe<\/dd>/);
    // The host's French is French.
    expect(html).toMatch(/<h3>Le Wi-Fi<\/h3>/);
    expect(html).toMatch(/<div class="rich"><p>Réseau/);
  });

  it("leaves an English guide as it was: English labels, no notice, no marks", async () => {
    const { propertyId } = await multilingualGuide();
    const html = await guide(`/g/${propertyId}`);
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain(copy.guide.hostCardTitle);
    expect(html).toContain(escape(copy.guide.copyWifiPassword));
    expect(html).toContain("Arrival &amp; check-in");
    expect(html).not.toContain('class="untranslated"');
    expect(html).not.toContain('lang="en">');
  });

  it("shows the gate, its errors and the not-found page in the visitor's language", async () => {
    const { user, propertyId } = await multilingualGuide();
    const fr = guideLabels("fr").guide;
    expect((await api(user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" })).statusCode).toBe(
      204,
    );
    const gate = await guide(`/g/${propertyId}?lang=fr`);
    expect(gate).toContain('<html lang="fr"');
    for (const label of [fr.passcodeTitle, fr.passcodeHint, fr.passcodeLabel, fr.unlock])
      expect(gate).toContain(escape(label));
    const wrong = await t.app.inject({
      method: "POST",
      url: `/g/${propertyId}/unlock`,
      headers: { accept: "application/json" },
      payload: { passcode: "000000", lang: "fr" },
    });
    expect(wrong.json().error.message).toBe(fr.passcodeWrong);
    const missing = await guide(`/g/no-such-guide-${Date.now()}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(missing).toContain('<html lang="de"');
    expect(missing).toContain(guideLabels("de").guide.notFound);
    expect(await guide(`/g/no-such-guide-${Date.now()}`)).toContain(copy.guide.notFound);
  });

  it("shows the messages page in the guide's language", async () => {
    const { propertyId } = await multilingualGuide();
    const fr = guideLabels("fr").messaging;
    const html = await guide(`/g/${propertyId}/messages?lang=fr`);
    expect(html).toContain('<html lang="fr" dir="ltr"');
    for (const label of [fr.title, fr.firstName, fr.send, fr.backToGuide]) expect(html).toContain(escape(label));
    expect(html).toContain(`action="/g/${propertyId}/messages?lang=fr"`);
    const ar = await guide(`/g/${propertyId}/messages`, { "accept-language": "ar" });
    expect(ar).toContain('<html lang="ar" dir="rtl"');
    // A form error in the guest's language.
    const form = multipart([], { firstName: "Ana", lastName: "", message: "Bonjour", email: "", website: "" });
    const sent = await t.app.inject({
      method: "POST",
      url: `/g/${propertyId}/messages?lang=fr`,
      headers: { ...form.headers, accept: "application/json" },
      payload: form.payload,
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.issues[0].message).toBe(fr.required(fr.lastName));
  });
});

describe("category titles and language names", () => {
  it("keeps the catalogue's English titles equal to the system categories (categories.json)", () => {
    const file = JSON.parse(
      readFileSync(new URL("../features/content/catalogue/categories.json", import.meta.url), "utf8"),
    ) as { categories: { label: string; title: string }[] };
    const titles = Object.fromEntries(file.categories.map((c) => [c.label, c.title]));
    expect(titles).toEqual(englishGuideLabels.categories);
  });

  it("translates a system category's title, and leaves a title the host wrote as written", () => {
    const category: CategoryDto = {
      label: "arrival",
      title: "Arrival & check-in",
      shortDescription: null,
      type: "details",
      parentLabel: null,
      icon: null,
      imageUrl: null,
      listRank: 1,
      theme: "str",
    };
    expect(localCategory(category, guideLabels("ja")).title).toBe("到着とチェックイン");
    expect(localCategory({ ...category, title: "Getting here" }, guideLabels("ja")).title).toBe("Getting here");
    expect(localCategory({ ...category, label: "my-own" }, guideLabels("ja")).title).toBe("Arrival & check-in");
  });

  it("names languages in their own language, English where ICU has no name", () => {
    expect(nativeLanguageName("es")).toBe("Español");
    expect(nativeLanguageName("fr")).toBe("Français");
    expect(nativeLanguageName("ja")).toBe("日本語");
    expect(nativeLanguageName("zh-CN")).toBe("简体中文");
    expect(nativeLanguageName("zh-TW")).toBe("繁體中文");
    expect(nativeLanguageName("en")).toBe("English");
    expect(nativeLanguageName("xx")).toBe("xx");
  });
});
