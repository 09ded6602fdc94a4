import {
  PropertyCopyResponse,
  type DuplicatePropertyRequest,
  type PropertyCopyDto,
} from "@doorstep/shared/schemas/property-copies";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** How often the page asks how far a copy has got. */
const POLL_MS = 700;
const copyKey = (copyId: string) => ["property-copies", copyId] as const;

/** POST /api/properties/:id/duplicate: the new property exists at once; its content follows. */
async function startDuplicate(propertyId: string, body: DuplicatePropertyRequest): Promise<PropertyCopyDto> {
  const { copy } = await apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/duplicate`, {
    method: "POST",
    body,
    schema: PropertyCopyResponse,
  });
  return copy;
}

export function useStartDuplicate(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicatePropertyRequest) => startDuplicate(propertyId, body),
    onSuccess: async (copy) => {
      queryClient.setQueryData(copyKey(copy.id), copy);
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.recent() });
    },
  });
}

/** A copy's progress, asked again until it is done or failed. */
export function usePropertyCopy(copyId: string | null) {
  return useQuery({
    queryKey: copyKey(copyId ?? ""),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/property-copies/${copyId}`, { schema: PropertyCopyResponse, signal })).copy,
    enabled: copyId !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? POLL_MS : false),
  });
}

export function useRetryCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (copyId: string) =>
      (await apiRequest(`/api/property-copies/${copyId}/retry`, { method: "POST", schema: PropertyCopyResponse })).copy,
    onSuccess: (copy) => queryClient.setQueryData(copyKey(copy.id), copy),
  });
}
