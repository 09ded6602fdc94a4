import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

let t: TestApp;
let host: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
  other = await buildUser(t.ctx);
});
afterAll(() => t.close());

async function sharedItem(user: TestUser, title: string) {
  const sharedId = (await t.as(user, "POST", "/api/shared-content")).json().propertyId as string;
  const item = (
    await t.as(user, "POST", `/api/properties/${sharedId}/content/items`, { categoryLabel: "house-rules", title })
  ).json().item as { id: string };
  const attachedTo = async () =>
    (
      (await t.as(user, "GET", `/api/properties/${sharedId}/content/items/${item.id}`)).json().item
        .attachedPropertyIds as string[]
    ).sort();
  return { item, attachedTo };
}

describe("attaching a shared item to many properties at once", () => {
  it("attaches to every property listed, each once, and again changes nothing", async () => {
    const { item, attachedTo } = await sharedItem(host, "Smoking");
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(async () => (await buildProperty(t.app, host)).propertyId));
    await t.as(host, "PUT", `/api/properties/${p1}/content/shared/${item.id}`);
    const url = `/api/shared-content/items/${item.id}/properties`;
    const res = await t.as(host, "POST", url, { propertyIds: [p1, p2, p2] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ propertyIds: [p1, p2] });
    expect(await attachedTo()).toEqual([p1, p2].sort());
    expect((await t.as(host, "POST", url, { propertyIds: [p2, p1] })).statusCode).toBe(200);
    expect(await attachedTo()).toEqual([p1, p2].sort());
    const page = (await t.as(host, "GET", `/api/properties/${p2}/content/categories/house-rules`)).json();
    expect(page.sharedItems[0]).toMatchObject({ attached: true, item: { id: item.id } });
    expect(await attachedTo()).not.toContain(p3);
  });

  it("attaches none when one property is not the caller's, and refuses an empty list", async () => {
    const { item, attachedTo } = await sharedItem(host, "Parties");
    const mine = (await buildProperty(t.app, host)).propertyId;
    const theirs = (await buildProperty(t.app, other)).propertyId;
    const url = `/api/shared-content/items/${item.id}/properties`;
    const refused = await t.as(host, "POST", url, { propertyIds: [mine, theirs] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("NOT_FOUND");
    expect(await attachedTo()).toEqual([]);
    const empty = await t.as(host, "POST", url, { propertyIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION_FAILED");
  });
});
