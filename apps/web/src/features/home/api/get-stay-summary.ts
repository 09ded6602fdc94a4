import type { StaySummaryResponse } from "@doorstep/shared/schemas/stays";
import { useQuery } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequestTrusted } from "../../../lib/api-client.ts";

/** GET /api/stays/summary: the home tile's counts; trusted, as the home loads no zod (decision 017). */
export function getStaySummary(signal?: AbortSignal): Promise<StaySummaryResponse> {
  return apiRequestTrusted<StaySummaryResponse>("/api/stays/summary", { signal });
}

/** Under ["stays"], so adding or cancelling a stay refreshes the tile's count. */
export function useStaySummary() {
  return useQuery({ queryKey: stayKeys.summary(), queryFn: ({ signal }) => getStaySummary(signal) });
}
