import { ContentItemResponse, type ContentItemDto } from "@doorstep/shared/schemas/content";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../../fixtures.ts";

/** Creates a custom item through the API (CONTRIBUTING.md: tests make their own data). */
export async function createItemViaApi(
  request: APIRequestContext,
  propertyId: string,
  categoryLabel: string,
  title: string,
): Promise<ContentItemDto> {
  const response = await request.post(`/api/properties/${propertyId}/content/items`, {
    data: { categoryLabel, title, detailText: `<p>${title}</p>` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ContentItemResponse.parse(await response.json()).item;
}

export async function getItemViaApi(
  request: APIRequestContext,
  propertyId: string,
  itemId: string,
): Promise<ContentItemDto> {
  const response = await request.get(`/api/properties/${propertyId}/content/items/${itemId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ContentItemResponse.parse(await response.json()).item;
}
