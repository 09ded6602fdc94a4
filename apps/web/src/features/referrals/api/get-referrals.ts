import { ReferralDataResponse } from "@doorstep/shared/schemas/referrals";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { referralKeys } from "./keys.ts";

/** GET /api/referrals: the link, totals and a page of referrals, newest first (REF-04, REF-05). */
export function getReferrals(cursor: string | undefined, signal?: AbortSignal): Promise<ReferralDataResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiRequest(`/api/referrals${query}`, { schema: ReferralDataResponse, signal });
}

export function useReferrals() {
  return useInfiniteQuery({
    queryKey: referralKeys.data(),
    queryFn: ({ pageParam, signal }) => getReferrals(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
