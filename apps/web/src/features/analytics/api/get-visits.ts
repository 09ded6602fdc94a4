import { AnalyticsVisitsResponse } from "@doorstep/shared/schemas/analytics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./keys.ts";

export interface VisitsInput {
  from: string;
  to: string;
  /** A property's weblink, or null for "All Properties". */
  propertyId: string | null;
}

/** GET /api/analytics/visits: sessions per day by device and source, totals and the previous range (ANL-08). */
export function getVisits({ from, to, propertyId }: VisitsInput, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  if (propertyId) params.set("propertyId", propertyId);
  return apiRequest(`/api/analytics/visits?${params.toString()}`, { schema: AnalyticsVisitsResponse, signal });
}

/**
 * The visits view; waits (`enabled`) until the range is valid and the account's days are settled. While a
 * new selection loads, the previous figures stay on screen (`isPlaceholderData`) instead of a blank page.
 */
export function useVisits(input: VisitsInput, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.visits(input.from, input.to, input.propertyId),
    queryFn: ({ signal }) => getVisits(input, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
