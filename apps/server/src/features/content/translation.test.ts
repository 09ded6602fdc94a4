import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { contentTranslationCache } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import { createTranslationProvider } from "../../providers/translate/index.ts";
import { offlineTranslator } from "../../providers/translate/offline.ts";
import { startFakeHttp } from "../../test/fakes/http-fake.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { getTranslatedContent } from "./translation.service.ts";

let t: TestApp;
let host: TestUser;
let fake: Awaited<ReturnType<typeof startFakeHttp>>;
let fail = false;
beforeAll(async () => {
  // A fake DeepL v2 API: upper-cases the text and tags it with the target language.
  fake = await startFakeHttp((req) => {
    if (fail) return { status: 503, json: { message: "down" } };
    const body = JSON.parse(req.body) as { text: string[]; target_lang: string };
    return {
      json: {
        translations: body.text.map((text) => ({
          detected_source_language: "EN",
          text: `[${body.target_lang}] ${text}`,
        })),
      },
    };
  });
  t = await createTestApp({
    overrides: { translator: createTranslationProvider({ provider: "deepl", apiKey: "test-key:fx", url: fake.url }) },
  });
  host = await buildUser(t.ctx);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const rowId = async (propertyId: string) =>
  (await t.ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.propertyId, propertyId)))[0]!.id;

describe("translations (CONT-18, IMPL-10, OPEN-44)", () => {
  it("fills blank fields by machine translation, cached per (item, ContentVersion, language); host translations win", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: {
        categoryLabel: "wifi-and-tech",
        templateLabel: "wifi",
        title: "Wi-Fi",
        detailText: "<p>Password: <strong>sunshine</strong></p>",
        translations: [{ language: "fr", action: "create", title: "Le Wi-Fi" }],
        subItems: [{ action: "create", type: "text", detailText: "Restart the router" }],
      },
    });
    const item = res.json().item;
    const id = await rowId(propertyId);

    const fr = await getTranslatedContent(t.ctx, id, "fr");
    const frItem = fr.items.find((i) => i.id === item.id)!;
    expect(frItem.title).toBe("Le Wi-Fi");
    expect(frItem.detailText).toBe("[FR] <p>Password: <strong>sunshine</strong></p>");
    expect(frItem.subItems[0]!.detailText).toBe("[FR] Restart the router");
    expect(frItem.source).toBe("machine");
    expect(fake.requests.filter((r) => r.path === "/v2/translate")).toHaveLength(2);
    expect(fake.requests[0]!.body).toContain('"target_lang":"FR"');

    // Cached: a second read calls nobody.
    await getTranslatedContent(t.ctx, id, "fr");
    expect(fake.requests).toHaveLength(2);
    const cache = await t.ctx.db
      .select()
      .from(contentTranslationCache)
      .where(eq(contentTranslationCache.itemId, item.id));
    expect(cache.map((c) => [c.language, c.contentVersion, c.provider])).toEqual([["fr", 1, "deepl"]]);

    // A new version is translated again; English is never sent to the provider.
    await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}/content/items/${item.id}`,
      headers: { cookie: host.cookie },
      payload: { title: "Wi-Fi & TV" },
    });
    const fr2 = await getTranslatedContent(t.ctx, id, "fr");
    expect(fr2.items.find((i) => i.id === item.id)!.title).toBe("Le Wi-Fi");
    expect(fake.requests).toHaveLength(4);
    const en = await getTranslatedContent(t.ctx, id, "en");
    expect(en.items.find((i) => i.id === item.id)).toMatchObject({ title: "Wi-Fi & TV", source: "original" });
    expect(fake.requests).toHaveLength(4);

    // A failing provider shows the English text, marked untranslated, and caches nothing.
    fail = true;
    const de = await getTranslatedContent(t.ctx, id, "de");
    expect(de.items.find((i) => i.id === item.id)).toMatchObject({ title: "Wi-Fi & TV", source: "untranslated" });
    fail = false;
    expect(
      (await t.ctx.db.select().from(contentTranslationCache).where(eq(contentTranslationCache.language, "de"))).length,
    ).toBe(0);
  });

  it("has an offline default that returns the English text, and a LibreTranslate client", async () => {
    expect(createTranslationProvider({ provider: "off" })).toBe(offlineTranslator);
    expect(await offlineTranslator.translate(["Hello"], "fr", "text")).toEqual(["Hello"]);
    const libre = await startFakeHttp((req) => {
      const body = JSON.parse(req.body) as { q: string[]; target: string; api_key?: string };
      return { json: { translatedText: body.q.map((q) => `${body.target}:${q}:${body.api_key}`) } };
    });
    const provider = createTranslationProvider({ provider: "libretranslate", url: libre.url, apiKey: "k" });
    expect(await provider.translate(["Hello", "Bye"], "zh-TW", "text")).toEqual(["zt:Hello:k", "zt:Bye:k"]);
    await libre.close();
  });
  it("does not hold a guide render for a slow provider: English now, the cached translation next time (GUIDE-09)", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: {
        categoryLabel: "wifi-and-tech",
        templateLabel: "wifi",
        title: "Wi-Fi",
        detailText: "<p>Ask the host.</p>",
      },
    });
    const id = await rowId(propertyId);
    const slow = {
      kind: "deepl" as const,
      configured: true,
      translate: (texts: string[]) =>
        new Promise<string[]>((resolve) => setTimeout(() => resolve(texts.map((x) => `[slow] ${x}`)), 400)),
    };
    const ctx = { ...t.ctx, translator: slow };
    // The provider answers after 400 ms; an untranslated first answer proves the page did not wait for it.
    const first = await getTranslatedContent(ctx, id, "es", { maxWaitMs: 50 });
    expect(first.items[0]).toMatchObject({ title: "Wi-Fi", source: "untranslated" });
    // The text and HTML calls finish in the background and land in the cache; a later page shows them.
    await vi.waitFor(
      async () => {
        const second = await getTranslatedContent(ctx, id, "es", { maxWaitMs: 50 });
        expect(second.items[0], JSON.stringify(second.items[0])).toMatchObject({
          title: "[slow] Wi-Fi",
          source: "machine",
        });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it("shares one provider call between guests opening together, and leaves a failing provider alone a minute", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/content/items`,
      headers: { cookie: host.cookie },
      payload: {
        categoryLabel: "wifi-and-tech",
        templateLabel: "wifi",
        title: "Router",
        detailText: "<p>Behind the TV.</p>",
      },
    });
    const id = await rowId(propertyId);
    const before = fake.requests.length;
    const [a, b] = await Promise.all([getTranslatedContent(t.ctx, id, "it"), getTranslatedContent(t.ctx, id, "it")]);
    expect(a.items[0]!.title).toBe("[IT] Router");
    expect(b.items[0]!.title).toBe("[IT] Router");
    expect(fake.requests.length - before).toBe(2); // one text call and one HTML call, not four

    fail = true;
    expect((await getTranslatedContent(t.ctx, id, "nl")).items[0]!.source).toBe("untranslated");
    const afterFailure = fake.requests.length;
    fail = false;
    expect((await getTranslatedContent(t.ctx, id, "nl")).items[0]!.source).toBe("untranslated");
    expect(fake.requests.length).toBe(afterFailure);
    t.clock.advance(61_000);
    expect((await getTranslatedContent(t.ctx, id, "nl")).items[0]).toMatchObject({
      title: "[NL] Router",
      source: "machine",
    });
  });
});
