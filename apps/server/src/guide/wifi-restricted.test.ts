// Issue 33 item 2, decision 046: the Wi-Fi password for booked guests only, the rest of the Wi-Fi item public.
import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";

type Method = "GET" | "POST" | "PATCH";
const PASSWORD = "Sea&Salt-2026";

describe("a restricted Wi-Fi password (decision 046)", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  let itemId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    const french = await api("PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
    expect(french.statusCode, french.body).toBe(204);
    const wifi = await api("POST", `/api/properties/${propertyId}/content/items`, {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: `<p>Network: HarbourLoft</p><p>Password: ${PASSWORD.replace("&", "&amp;")}</p>`,
      operate: `If it drops, type ${PASSWORD} again.`,
      passwordRestricted: true,
      translations: [
        {
          action: "create",
          language: "fr",
          title: "Wi-Fi",
          detailText: `<p>Réseau : HarbourLoft</p><p>Mot de passe : ${PASSWORD.replace("&", "&amp;")}</p>`,
        },
      ],
    });
    expect(wifi.statusCode, wifi.body).toBe(201);
    const item = wifi.json().item as { id: string; label: string; passwordRestricted: boolean; restricted: boolean };
    expect(item).toMatchObject({ label: "wifi", passwordRestricted: true, restricted: false });
    itemId = item.id;
  });
  afterAll(() => t.close());
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  async function stayLink(from: number, to: number): Promise<string> {
    const res = await api("POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(from),
      checkOutDate: day(to),
    });
    expect(res.statusCode, res.body).toBe(201);
    return new URL((await api("GET", `/api/stays/${res.json().stay.id}/link`)).json().url).pathname;
  }
  const leaks = (body: string) => body.includes(PASSWORD) || body.includes(PASSWORD.replace("&", "&amp;"));

  it("keeps the password out of the public guide's page, its JSON, its manifest and every language; the network stays", async () => {
    for (const url of [`/g/${propertyId}`, `/g/${propertyId}?lang=fr`]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(leaks(page.body), url).toBe(false);
      expect(page.body).toContain("HarbourLoft");
      expect(page.body).toContain(
        url.endsWith("fr") ? "Visible par les voyageurs ayant réservé" : copy.guestStay.restricted,
      );
      // No join code and no copy button: both would carry the password.
      expect(page.body).not.toContain("data-copy=");
      // The offline copy is this same page (the service worker stores what it is served).
      expect(page.headers["x-guide-offline"]).toBe("store");
    }
    const manifest = await t.app.inject({ method: "GET", url: `/g/${propertyId}/manifest.webmanifest` });
    expect(manifest.statusCode).toBe(200);
    expect(leaks(manifest.body)).toBe(false);
    const json = await t.app.inject({ method: "GET", url: `/api/guide/${propertyId}` });
    expect(json.statusCode).toBe(200);
    expect(leaks(json.body)).toBe(false);
    const items = json.json().sections.flatMap((s: { items: { id: string }[] }) => s.items);
    expect(items.find((i: { id: string }) => i.id === itemId)).toMatchObject({
      restricted: false,
      passwordRestricted: true,
    });
  });

  it("shows it on a stay's own guide during the stay, with the join code; masks it before and after", async () => {
    const during = await t.app.inject({ method: "GET", url: await stayLink(-1, 2) });
    expect(during.statusCode).toBe(200);
    expect(leaks(during.body)).toBe(true);
    expect(during.body).toContain("data-copy=");
    for (const path of [await stayLink(30, 33), await stayLink(-5, -1)]) {
      const page = await t.app.inject({ method: "GET", url: path });
      expect(page.statusCode).toBe(200);
      expect(leaks(page.body)).toBe(false);
      expect(page.body).toContain("HarbourLoft");
    }
  });

  it("is a flag the editor sets and clears", async () => {
    const cleared = await api("PATCH", `/api/properties/${propertyId}/content/items/${itemId}`, {
      passwordRestricted: false,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().item.passwordRestricted).toBe(false);
    const page = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(leaks(page.body)).toBe(true);
  });
});
