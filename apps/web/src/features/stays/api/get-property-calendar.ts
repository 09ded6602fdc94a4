import { StayCalendarResponse } from "@doorstep/shared/schemas/stays";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/properties/:propertyId/stays?from&to: every stay overlapping the days shown, cancelled ones marked. */
export async function getPropertyCalendar(propertyId: string, from: string, to: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  const path = `/api/properties/${encodeURIComponent(propertyId)}/stays?${params.toString()}`;
  return (await apiRequest(path, { schema: StayCalendarResponse, signal })).stays;
}

/** The month shown keeps its bars while the next month loads, so the grid does not flash empty. */
export function usePropertyCalendar(propertyId: string, from: string, to: string) {
  return useQuery({
    queryKey: stayKeys.calendar(propertyId, from, to),
    queryFn: ({ signal }) => getPropertyCalendar(propertyId, from, to, signal),
    placeholderData: keepPreviousData,
  });
}
