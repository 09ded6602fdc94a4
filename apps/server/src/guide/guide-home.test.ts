import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);

async function addItem(user: TestUser, propertyId: string, payload: object) {
  const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { item: { id: string } }).item.id;
}

/** The hrefs and texts of the tiles, in order. */
function tiles(html: string): [string, string][] {
  const nav = /<nav class="tiles"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  // A tile's title may keep a short hyphenated word on one line in a span of its own: read its text.
  return [...nav.matchAll(/<a href="([^"]*)">.*?<\/svg><span>(.*?)<\/span><\/a>/g)].map((m) => [
    m[1]!,
    m[2]!.replace(/<[^>]*>/g, ""),
  ]);
}

describe("the guide's home screen", () => {
  it("shows the host's buttons, the featured item as a card and a tile per section with content, in order", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Tile Cottage" });
    const property = (await api(user, "GET", `/api/properties/${propertyId}`)).json() as {
      property: { manager: { vanityId: string } | null };
    };
    const vanityId = property.property.manager?.vanityId;
    expect(vanityId).toBeTruthy();
    const manager = await api(user, "PATCH", `/api/managers/${vanityId}`, {
      tel: "+44 20 7946 0000",
      email: "host@example.com",
      messageAppName: "WhatsApp",
      messageAppLink: "https://wa.me/442079460000",
    });
    expect(manager.statusCode, manager.body).toBe(204);
    const on = await api(user, "PATCH", `/api/properties/${propertyId}`, {
      inboundMessagingActive: true,
      outboundMessagingActive: true,
    });
    expect(on.statusCode, on.body).toBe(204);
    // Added out of order: the tiles follow the sections' order, not the order of writing.
    await addItem(user, propertyId, { categoryLabel: "check-out", title: "Leaving", detailText: "<p>Bins out.</p>" });
    const wifi = await addItem(user, propertyId, {
      categoryLabel: "wifi-and-tech",
      title: "Router",
      detailText: "<p>Behind the sofa.</p>",
      featured: true,
    });
    await addItem(user, propertyId, { categoryLabel: "kitchen", title: "Oven", detailText: "<p>Gas.</p>" });

    const html = (await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).body;
    const g = copy.guide;
    expect(tiles(html)).toEqual([
      ["#c-wifi-and-tech", "Wi-Fi &amp; tech"],
      // A parent category with content only in a sub-category still has its tile.
      ["#c-appliances", "Appliances"],
      ["#c-check-out", "Check-out"],
      [`/g/${propertyId}/messages?lang=en`, "Messages"],
    ]);
    // "Wi-Fi" and "Check-out" never break at their hyphen in a narrow tile.
    expect(html).toContain(`<span class="nw">Wi-Fi</span> &amp; tech`);
    expect(html).toContain(`<span class="nw">Check-out</span>`);
    // Every tile's anchor is on the page: the views work without the script.
    for (const [href] of tiles(html)) if (href.startsWith("#")) expect(html).toContain(`id="${href.slice(1)}"`);
    // The host card's buttons: call, the message app, email and the guide's own messages.
    expect(html).toContain(`href="tel:+442079460000"`);
    expect(html).toContain(copy.localArea.call("+44 20 7946 0000"));
    expect(html).toContain(`href="https://wa.me/442079460000"`);
    expect(html).toContain(g.message("WhatsApp"));
    expect(html).toContain(`href="mailto:host@example.com"`);
    expect(html).toContain(copy.guestMessaging.entry);
    // The featured item twice: as a card on the home screen and in its section, under distinct ids.
    expect(html).toContain(`id="f-${wifi}"`);
    expect(html).toContain(`id="i-${wifi}"`);
    expect(html.match(/Behind the sofa\./g)).toHaveLength(2);
    // The bar: Home, the sections menu (a plain <details>) and Search, hidden until the script shows it.
    expect(html).toMatch(/<a class="ib" href="#home" data-home="">.*?<span class="vh">Home<\/span><\/a>/s);
    expect(html).toContain('<details class="menu">');
    expect(html).toMatch(/<a class="ib" href="#search" data-search="" hidden="">/);
    expect(html).toMatch(/<section id="search" class="srch"[^>]*hidden="">/);
  });

  it("words the bar, search and back-to-top in the guest's language; an empty guide says so instead of tiles", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Empty Barn" });
    await api(user, "PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["de"] });
    const html = (await t.app.inject({ method: "GET", url: `/g/${propertyId}?lang=de` })).body;
    const de = guideLabels("de").guide;
    for (const label of [de.home, de.search, de.searchLabel, de.backToTop, de.empty]) expect(html).toContain(label);
    expect(html).toContain(`data-many="${de.searchResults(1234567)}"`);
    expect(html).not.toContain('class="tiles"');
    expect(html).not.toContain('<details class="menu">');
  });
});
