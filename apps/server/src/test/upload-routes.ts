import { expect } from "vitest";
import { createContentItem } from "../features/content/content.service.ts";
import { createProfile } from "../features/local-area/local-area.service.ts";
import { addPlace } from "../features/local-area/local-places.service.ts";
import type { TestApp } from "./app.ts";
import { buildCompany, buildManager, buildProperty, makePng, multipart, type TestUser } from "./factories.ts";

/** Every route that reads a multipart body, by its registered `METHOD url`. */
export const UPLOAD_ROUTES = [
  "PUT /api/me/photo",
  "PUT /api/managers/:vanityId/photo",
  "PUT /api/company/logo",
  "PUT /api/company/icon",
  "PUT /api/properties/:propertyId/cover",
  "PUT /api/properties/:propertyId/content/items/:itemId/media/:media",
  "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media",
  "PUT /api/local-places/:placeId/image",
  "POST /api/conversations/:conversationId/messages",
  "POST /api/stays/import/preview",
  "POST /api/stays/import",
  "POST /g/:propertyId/messages",
] as const;

/**
 * Real, owned values for every upload route's path parameters — a property that takes messages, an item with a
 * sub-item, a manager, a company, a local place, a guest's conversation — so a request reaches the body's parser
 * instead of stopping at a 404.
 */
export async function uploadRouteValues(t: TestApp, owner: TestUser): Promise<Record<string, string>> {
  const caller = { userId: owner.id, accountId: owner.accountId, sessionId: "uploads" };
  const { propertyId } = await buildProperty(t.app, owner, { title: "Uploads" });
  const on = await t.as(owner, "PATCH", `/api/properties/${propertyId}`, { inboundMessagingActive: true });
  expect(on.statusCode).toBe(204);
  const item = await createContentItem(t.ctx, caller, propertyId, {
    categoryLabel: "arrival",
    templateLabel: null,
    title: "Item",
    detailText: "",
    describe: null,
    locate: null,
    operate: null,
    webLink: null,
    what3words: null,
    showWhat3words: false,
    featured: false,
    restricted: false,
    passwordRestricted: false,
    translations: [],
    subItems: [{ action: "create", type: "image", detailText: "" }],
  });
  const { vanityId } = await buildManager(t.ctx, owner);
  await buildCompany(t.ctx, owner);
  const [town] = await t.ctx.places.search("Brighton");
  const profile = await createProfile(t.ctx, caller, { title: "Uploads", placeId: town!.placeId });
  const place = await addPlace(
    t.ctx,
    caller,
    { profileLabel: profile.label },
    {
      source: "custom",
      categoryLabel: "cafes",
      title: "Place",
      detailText: "",
      webLink: null,
      phone: null,
      address: null,
      lat: null,
      lng: null,
      translations: [],
    },
  );
  const form = multipart([{ field: "files", filename: "a.png", contentType: "image/png", body: await makePng() }], {
    firstName: "Guest",
    lastName: "One",
    message: "Hello",
  });
  const sent = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: "198.51.100.77",
    headers: { ...form.headers, accept: "application/json" },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const list = await t.as(owner, "GET", "/api/conversations");
  const conversation = list.json().items.find((c: { propertyId: string }) => c.propertyId === propertyId);
  return {
    propertyId,
    itemId: item.id,
    subItemId: item.subItems[0]!.id,
    media: "image",
    vanityId,
    placeId: place.id,
    conversationId: conversation.id as string,
  };
}

/** A route's URL with `values` in its parameters. */
export const fillRoute = (url: string, values: Record<string, string>): string =>
  url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(values[p] ?? p));
