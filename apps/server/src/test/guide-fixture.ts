import { expect } from "vitest";
import type { TestApp } from "./app.ts";
import { buildProperty, type TestUser } from "./factories.ts";

/** The text of the fixture guide's arrival item: it must show on the guide only when the guest may read it. */
export const SECRET = "Key safe code 4821";

/** A live property with one arrival item (rich text with an XSS attempt), a French translation and a sub-item. */
export async function guideWithContent(t: TestApp, user: TestUser) {
  const api = (method: "POST" | "PATCH", url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const p = await buildProperty(t.app, user, { title: "Harbour Loft" });
  await api("PATCH", `/api/properties/${p.propertyId}`, {
    displayAddress: "12 Quay Street, Whitby",
    languageTranslations: ["fr", "de"],
  });
  const res = await api("POST", `/api/properties/${p.propertyId}/content/items`, {
    categoryLabel: "arrival",
    title: "Getting in",
    detailText: `<p>${SECRET}</p><img src=x onerror=alert(1)><script>alert(2)</script>`,
    featured: true,
    translations: [{ language: "fr", action: "create", title: "Entrer", detailText: "<p>Code de la boîte 4821</p>" }],
    subItems: [
      { action: "create", type: "button", buttonLabel: "Book a taxi", buttonLink: "https://taxi.example.com" },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return p;
}
