import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const property = async (user: TestUser, propertyId: string) =>
  (await api(user, "GET", `/api/properties/${propertyId}`)).json().property;

describe("draft until published (decision 020, PROP-17/19, GUIDE-02)", () => {
  it("a new property is a draft: not live, its guide, JSON and QR address show the unavailable page", async () => {
    const user = await buildUser(t.ctx);
    const created = await api(user, "POST", "/api/properties", { title: "Draft Den", propertyId: "draft-den" });
    expect(created.statusCode).toBe(201);
    expect(created.json().property).toMatchObject({ published: false, live: false, inactiveReason: "hidden" });
    await api(user, "POST", "/api/properties/draft-den/content/items", {
      categoryLabel: "arrival",
      title: "Key safe",
      detailText: "<p>Code 4821</p>",
    });

    const page = await t.app.inject({ method: "GET", url: "/g/draft-den" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(copy.guide.inactive);
    expect(page.body).not.toContain("Code 4821");
    expect(page.headers["x-robots-tag"]).toContain("noindex");
    expect((await t.app.inject({ method: "GET", url: "/api/guide/draft-den" })).statusCode).toBe(404);
    const scan = await t.app.inject({ method: "GET", url: "/q/draft-den" });
    expect(scan.statusCode).toBe(302);
    expect((await t.app.inject({ method: "GET", url: String(scan.headers.location) })).statusCode).toBe(404);

    // The list says the same as the property.
    const list = (await api(user, "GET", "/api/properties")).json().items;
    expect(list.find((p: { propertyId: string }) => p.propertyId === "draft-den")).toMatchObject({ live: false });
  });

  it("publishing makes it live and its guide public; unpublishing makes it a draft again", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user, { title: "Soon Live", draft: true });
    expect(await property(user, propertyId)).toMatchObject({ published: false, live: false });
    const published = await api(user, "PATCH", `/api/properties/${propertyId}`, { published: true });
    expect(published.statusCode).toBeLessThan(300);
    expect(await property(user, propertyId)).toMatchObject({ published: true, live: true, inactiveReason: null });
    const page = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Soon Live</h1>");
    await api(user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(404);
  });

  it("an existing (published) property is left as it was: only new ones start as drafts", async () => {
    const user = await buildUser(t.ctx);
    const live = await buildProperty(t.app, user, { title: "Old Favourite" });
    await buildProperty(t.app, user, { title: "New One", draft: true });
    expect(await property(user, live.propertyId)).toMatchObject({ published: true, live: true });
  });
});
