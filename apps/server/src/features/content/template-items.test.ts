import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

// Decision 023: a template's sample text is an example in the editor, never the host's words in the guide.
let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });
const base = (propertyId: string) => `/api/properties/${propertyId}/content`;
const guideHtml = async (propertyId: string) => (await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).body;

async function create(propertyId: string, body: object) {
  const res = await api("POST", `${base(propertyId)}/items`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item;
}

async function notShown(propertyId: string, categoryLabel: string, templateLabel: string) {
  const page = (await api("GET", `${base(propertyId)}/categories/${categoryLabel}`)).json();
  return page.templates.find((x: { template: { label: string } }) => x.template.label === templateLabel).notShown;
}

describe("template items (CONT-35, decision 023)", () => {
  it("stores only what the host sent: an item made from a template with just its name has no text", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "key-access",
      title: "Keys & door access",
    });
    expect(item).toMatchObject({ detailText: "", describe: null, locate: null, operate: null, webLink: null });
    // The samples still reach the editor, as examples to show in grey.
    expect(item.template.defaults.operate).toContain("[code]");
  });

  it("leaves a title-only template item out of the guide and says why on the category page", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await create(propertyId, { categoryLabel: "arrival", templateLabel: "check-in-time", title: "Check-in time" });
    await create(propertyId, { categoryLabel: "arrival", title: "Parking", detailText: "<p>On the street.</p>" });
    const html = await guideHtml(propertyId);
    expect(html).toContain("On the street.");
    expect(html).not.toContain("Check-in time");
    expect(await notShown(propertyId, "arrival", "check-in-time")).toBe("nothing-written");
    expect(await notShown(propertyId, "arrival", "directions")).toBeNull();
  });

  it("leaves out an item still holding its template's [placeholder] until the host replaces it", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const item = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "check-in-time",
      title: "Check-in time",
      detailText: "<p>Check-in is from <strong>[3 pm]</strong>.</p>",
    });
    expect(await guideHtml(propertyId)).not.toContain("Check-in is from");
    expect(await notShown(propertyId, "arrival", "check-in-time")).toBe("placeholders");

    const res = await api("PATCH", `${base(propertyId)}/items/${item.id}`, {
      detailText: "<p>Check-in is from <strong>4 pm</strong>.</p>",
    });
    expect(res.statusCode, res.body).toBe(200);
    const html = await guideHtml(propertyId);
    expect(html).toContain("Check-in time");
    expect(html).toContain("<strong>4 pm</strong>");
    expect(await notShown(propertyId, "arrival", "check-in-time")).toBeNull();
  });

  it("checks the structured fields and sub-items too, and leaves the host's own brackets alone", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "key-access",
      title: "Keys",
      describe: "A grey key safe",
      operate: "Enter the code [code] sent in your booking message.",
    });
    await create(propertyId, {
      categoryLabel: "arrival",
      title: "Early arrival",
      detailText: "<p>Bags can wait at [3 pm] sharp, our own words.</p>",
    });
    const html = await guideHtml(propertyId);
    expect(html).not.toContain("A grey key safe");
    // A custom item is the host's own writing, brackets and all.
    expect(html).toContain("our own words");
    expect(await notShown(propertyId, "arrival", "key-access")).toBe("placeholders");
  });

  it("counts as filled only the suggested items guests see, on the overview and the category page", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const filledOf = (categories: { label: string; filledTemplateCount: number }[], label: string) =>
      categories.find((c) => c.label === label)?.filledTemplateCount;
    await create(propertyId, { categoryLabel: "arrival", templateLabel: "check-in-time", title: "Check-in time" });
    const keys = await create(propertyId, {
      categoryLabel: "arrival",
      templateLabel: "key-access",
      title: "Keys",
      operate: "Enter the code [code] sent in your booking message.",
    });
    await create(propertyId, { categoryLabel: "arrival", title: "Parking", detailText: "<p>On the street.</p>" });
    const overview = async () => (await api("GET", base(propertyId))).json().categories;
    // Two suggested items added, neither written: none filled; the custom item is not a suggested one.
    expect(filledOf(await overview(), "arrival")).toBe(0);
    expect((await overview()).find((c: { label: string }) => c.label === "arrival").itemCount).toBe(3);

    await api("PATCH", `${base(propertyId)}/items/${keys.id}`, { operate: "Enter 4821 on the key safe." });
    expect(filledOf(await overview(), "arrival")).toBe(1);
    // A sub-category's count on its parent's page follows the same rule.
    await create(propertyId, { categoryLabel: "kitchen", templateLabel: "dishwasher", title: "Dishwasher" });
    const appliances = (await api("GET", `${base(propertyId)}/categories/appliances`)).json();
    expect(filledOf(appliances.children, "kitchen")).toBe(0);
  });
});
