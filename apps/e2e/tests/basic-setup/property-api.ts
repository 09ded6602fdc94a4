import { ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { PropertyResponse, type PropertyDto } from "@doorstep/shared/schemas/property";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "../../fixtures.ts";

/** A weblink no other test uses. */
export function uniqueWeblink(prefix = "bs"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates a property through the API (its owner also gets the default manager, PROP-34). */
export async function createProperty(request: APIRequestContext, title = "Seaside Escape"): Promise<PropertyDto> {
  const response = await request.post("/api/properties", { data: { title, propertyId: uniqueWeblink() } });
  expect(response.status(), await response.text()).toBe(201);
  return PropertyResponse.parse(await response.json()).property;
}

export async function readProperty(request: APIRequestContext, propertyId: string): Promise<PropertyDto> {
  const response = await request.get(`/api/properties/${propertyId}`);
  expect(response.status(), await response.text()).toBe(200);
  return PropertyResponse.parse(await response.json()).property;
}

export async function patchProperty(
  request: APIRequestContext,
  propertyId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const response = await request.patch(`/api/properties/${propertyId}`, { data });
  expect(response.status(), await response.text()).toBe(204);
}

export async function listManagers(request: APIRequestContext) {
  const response = await request.get("/api/managers");
  expect(response.status(), await response.text()).toBe(200);
  return ManagerListResponse.parse(await response.json()).items;
}

export async function createManager(request: APIRequestContext, firstName: string, lastName: string) {
  const response = await request.post("/api/managers", { data: { firstName, lastName } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { manager: { vanityId: string } }).manager;
}
