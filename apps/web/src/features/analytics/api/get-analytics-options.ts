import { AnalyticsOptionsResponse } from "@doorstep/shared/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./keys.ts";

/** GET /api/analytics/options: the account's time zone, today there, the months and properties to choose from. */
export function getAnalyticsOptions(signal?: AbortSignal): Promise<AnalyticsOptionsResponse> {
  return apiRequest("/api/analytics/options", { schema: AnalyticsOptionsResponse, signal });
}

export function useAnalyticsOptions() {
  return useQuery({ queryKey: analyticsKeys.options(), queryFn: ({ signal }) => getAnalyticsOptions(signal) });
}
