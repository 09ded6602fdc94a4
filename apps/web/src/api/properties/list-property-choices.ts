import { PropertyListResponse } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { propertyKeys } from "./keys.ts";

export interface PropertyChoice {
  propertyId: string;
  title: string;
}

/** The most a page of GET /api/properties holds (PageQuery). */
const PAGE = 100;
/** A select stops here; a host with more narrows by search elsewhere. */
const MAX_PAGES = 20;

/** Every property of the account (id and title), for a "Property" select: GET /api/properties page by page. */
export async function listPropertyChoices(signal?: AbortSignal): Promise<PropertyChoice[]> {
  const choices: PropertyChoice[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) params.set("cursor", cursor);
    const result: PropertyListResponse = await apiRequest(`/api/properties?${params.toString()}`, {
      schema: PropertyListResponse,
      signal,
    });
    for (const { propertyId, title } of result.items) choices.push({ propertyId, title });
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return choices.sort((a, b) => a.title.localeCompare(b.title));
}

/** Under ["properties", "list"], so creating, renaming or deleting a property refreshes the selects. */
export function usePropertyChoices() {
  return useQuery({
    queryKey: [...propertyKeys.lists(), "choices"],
    queryFn: ({ signal }) => listPropertyChoices(signal),
    staleTime: 60_000,
  });
}
