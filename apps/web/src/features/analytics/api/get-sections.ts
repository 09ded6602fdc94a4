import { AnalyticsSectionsResponse } from "@doorstep/shared/schemas/analytics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { VisitsInput } from "./get-visits.ts";
import { analyticsKeys } from "./keys.ts";

/** GET /api/analytics/sections: sections by reach, the items seen most, the languages read. */
export function getSections({ from, to, propertyId }: VisitsInput, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  if (propertyId) params.set("propertyId", propertyId);
  return apiRequest(`/api/analytics/sections?${params.toString()}`, { schema: AnalyticsSectionsResponse, signal });
}

/** The section report for the same selection as the visits view; keeps the previous figures while loading. */
export function useSections(input: VisitsInput, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.sections(input.from, input.to, input.propertyId),
    queryFn: ({ signal }) => getSections(input, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
