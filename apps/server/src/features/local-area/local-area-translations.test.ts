import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslationProvider } from "../../providers/translate/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startFakeHttp } from "../../test/fakes/http-fake.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { getGuidePlaces } from "./local-area-guide.service.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

describe("places in the guide's language (host translations win, machine fills the blanks, cached)", () => {
  let t: TestApp;
  let host: TestUser;
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let calls = 0;
  beforeAll(async () => {
    // A fake DeepL v2 API at its HTTP boundary: tags each text with the target language.
    fake = await startFakeHttp((req) => {
      calls += 1;
      const body = JSON.parse(req.body) as { text: string[]; target_lang: string };
      return { json: { translations: body.text.map((text) => ({ text: `[${body.target_lang}] ${text}` })) } };
    });
    t = await createTestApp({
      overrides: { translator: createTranslationProvider({ provider: "deepl", apiKey: "k:fx", url: fake.url }) },
    });
    host = await buildUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });

  it("saves the host's translations with the place, shows them in that language, machine-translates the rest once", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await api("PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr", "de"] });
    const page = (await api("GET", `/api/properties/${propertyId}/local-area`)).json();
    expect(page.owner.languages).toEqual(["fr", "de"]);
    const add = (body: object) =>
      api("POST", `/api/properties/${propertyId}/places`, { source: "custom", categoryLabel: "cafes", ...body });
    const bond = (
      await add({
        title: "Bond St Coffee",
        detailText: "The best flat white in town.",
        translations: [{ language: "fr", title: "", detailText: "Le meilleur flat white de la ville." }],
      })
    ).json().place;
    expect(bond.translations).toEqual([
      { language: "fr", title: null, detailText: "Le meilleur flat white de la ville." },
    ]);
    await add({ title: "Small Batch", detailText: "Good cake." });
    // Bad input: a language twice, English, or no language code.
    for (const translations of [
      [
        { language: "fr", title: "a", detailText: null },
        { language: "fr", title: "b", detailText: null },
      ],
      [{ language: "en", title: "x", detailText: null }],
      [{ language: "klingon", title: "x", detailText: null }],
    ])
      expect((await api("PATCH", `/api/local-places/${bond.id}`, { translations })).statusCode).toBe(400);

    const row = (await t.ctx.db.query.properties.findFirst({ where: (p, { eq }) => eq(p.propertyId, propertyId) }))!;
    const fr = (await getGuidePlaces(t.ctx, row.id, "fr"))[0]!.places;
    expect(fr.map((p) => [p.title, p.detailText, p.untranslated])).toEqual([
      ["Bond St Coffee", "Le meilleur flat white de la ville.", false],
      // Names are not machine-translated; the recommendation is.
      ["Small Batch", "[FR] Good cake.", false],
    ]);
    const before = calls;
    await getGuidePlaces(t.ctx, row.id, "fr");
    expect(calls).toBe(before); // cached for the place's version
    // An edit makes a new version: translated again.
    const small = fr[1]!;
    await api("PATCH", `/api/local-places/${small.id}`, { detailText: "Good cake and better bread." });
    expect((await getGuidePlaces(t.ctx, row.id, "fr"))[0]!.places[1]!.detailText).toBe(
      "[FR] Good cake and better bread.",
    );
    // The guide page itself, in French.
    const html = (await t.app.inject({ url: `/g/${propertyId}?lang=fr` })).body;
    expect(html).toContain("Le meilleur flat white de la ville.");
    // Removing the translation (a language left out) removes it.
    const cleared = (await api("PATCH", `/api/local-places/${bond.id}`, { translations: [] })).json().place;
    expect(cleared.translations).toEqual([]);
    expect((await getGuidePlaces(t.ctx, row.id, "fr"))[0]!.places[0]!.detailText).toBe(
      "[FR] The best flat white in town.",
    );
  });
});

describe("places without a translation provider", () => {
  let t: TestApp;
  let host: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
  });
  afterAll(() => t.close());

  it("show the English text marked lang=en where the host wrote no translation", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}`,
      headers: { cookie: host.cookie },
      payload: { languageTranslations: ["es"] },
    });
    await t.app.inject({
      method: "POST",
      url: `/api/properties/${propertyId}/places`,
      headers: { cookie: host.cookie },
      payload: { source: "custom", categoryLabel: "parks", title: "Queen's Park", detailText: "Swings and a pond." },
    });
    const html = (await t.app.inject({ url: `/g/${propertyId}?lang=es` })).body;
    expect(html).toMatch(/<p class="ptext" lang="en">Swings and a pond.<\/p>/);
  });
});
