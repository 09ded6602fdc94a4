import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser } from "../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);

/** The href of the button with this text, or null when the page has no such button. */
function hrefOf(html: string, label: string): string | null {
  const match = new RegExp(`<a class="btn alt" href="([^"]*)"[^>]*>${label}</a>`).exec(html);
  return match ? (match[1] ?? null) : null;
}

describe("internal links (GUIDE-16)", () => {
  it("reach the section or item the editor's path names, in every language; a path to nothing is no button", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Link Lodge" });
    await api(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
    const router = await api(user, "POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "wifi-and-tech",
      title: "Router",
      detailText: "<p>Behind the sofa</p>",
    });
    expect(router.statusCode, router.body).toBe(201);
    const { id: routerId, label: routerLabel } = (router.json() as { item: { id: string; label: string } }).item;
    const links = [
      ["To the Wi-Fi", "/wifi-and-tech"],
      ["Router by path", `/wifi-and-tech/${routerLabel}`],
      ["Router by label", `/${routerLabel}`],
      ["Nowhere", "/no-such-section"],
    ] as const;
    const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "arrival",
      title: "Getting in",
      detailText: "<p>Door code on arrival</p>",
      translations: [{ language: "fr", action: "create", title: "Entrer", detailText: "<p>Le code</p>" }],
      subItems: links.map(([label, path]) => ({
        action: "create",
        type: "internal-link",
        internalLinkLabel: label,
        internalLink: path,
      })),
    });
    expect(res.statusCode, res.body).toBe(201);

    for (const lang of ["en", "fr"]) {
      const html = (await t.app.inject({ method: "GET", url: `/g/${propertyId}?lang=${lang}` })).body;
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain('id="c-wifi-and-tech"');
      expect(html).toContain(`id="i-${routerId}"`);
      expect(hrefOf(html, "To the Wi-Fi")).toBe("#c-wifi-and-tech");
      expect(hrefOf(html, "Router by path")).toBe(`#i-${routerId}`);
      expect(hrefOf(html, "Router by label")).toBe(`#i-${routerId}`);
      expect(html).not.toContain("Nowhere");
      expect(html).not.toContain('href="#c-/');
    }
  });
});
