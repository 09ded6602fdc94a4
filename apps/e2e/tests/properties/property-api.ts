import { PropertyResponse, type PropertyDto } from "@doorstep/shared/schemas/property";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../../fixtures.ts";

/** A weblink no other test uses (3–60 lowercase letters, digits and dashes). */
export function uniqueWeblink(prefix = "e2e"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Creates a property through the API with the caller's cookies (CONTRIBUTING.md: tests make their own data). */
export async function createPropertyViaApi(
  request: APIRequestContext,
  title: string,
  propertyId = uniqueWeblink(),
): Promise<PropertyDto> {
  const response = await request.post("/api/properties", { data: { title, propertyId } });
  expect(response.status(), await response.text()).toBe(201);
  return PropertyResponse.parse(await response.json()).property;
}

/** Publishes a property through the API, as its overview's "Publish" does (a new property is a draft, decision 020). */
export async function publishPropertyViaApi(request: APIRequestContext, propertyId: string): Promise<void> {
  const response = await request.patch(`/api/properties/${propertyId}`, { data: { published: true } });
  expect(response.status(), await response.text()).toBe(204);
}

/** Creates a property and publishes it: for tests that open its guide as a guest would. */
export async function createLivePropertyViaApi(
  request: APIRequestContext,
  title: string,
  propertyId = uniqueWeblink(),
): Promise<PropertyDto> {
  const property = await createPropertyViaApi(request, title, propertyId);
  await publishPropertyViaApi(request, property.propertyId);
  return { ...property, published: true, live: true, inactiveReason: null };
}
