import { SetTimeZoneResponse } from "@doorstep/shared/schemas/analytics";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { analyticsKeys } from "./keys.ts";

/** PUT /api/analytics/time-zone: the zone the account's days are counted in; the server rebuilds its rollup. */
export function setTimeZone(timeZone: string): Promise<SetTimeZoneResponse> {
  return apiRequest("/api/analytics/time-zone", { method: "PUT", body: { timeZone }, schema: SetTimeZoneResponse });
}

export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}
