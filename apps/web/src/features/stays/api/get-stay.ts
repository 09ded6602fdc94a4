import { StayResponse } from "@doorstep/shared/schemas/stays";
import { useQuery } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/stays/:stayId (404 for an unknown stay or another account's). */
export async function getStay(stayId: string, signal?: AbortSignal) {
  return (await apiRequest(`/api/stays/${encodeURIComponent(stayId)}`, { schema: StayResponse, signal })).stay;
}

export function useStay(stayId: string) {
  return useQuery({ queryKey: stayKeys.detail(stayId), queryFn: ({ signal }) => getStay(stayId, signal) });
}
