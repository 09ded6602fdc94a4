import {
  AttachProfileResponse,
  LocalAreaPageResponse,
  PlaceResponse,
  ProfileResponse,
  ProfilesResponse,
  PROFILES_PAGE_SIZE,
  type AddPlaceInput,
  type CreateProfileRequest,
  type ReorderPlacesRequest,
  type UpdatePlaceInput,
} from "@doorstep/shared/schemas/local-area";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** Whose places a page shows: a property (by weblink) or a local-area profile (by label). */
export type PlaceOwnerRef = { kind: "property"; key: string } | { kind: "profile"; key: string };

export const localAreaKeys = {
  all: ["local-area"] as const,
  profiles: () => ["local-area", "profiles"] as const,
  page: (owner: PlaceOwnerRef) => ["local-area", "page", owner.kind, owner.key] as const,
};

const enc = encodeURIComponent;
const pagePath = (owner: PlaceOwnerRef) =>
  owner.kind === "property"
    ? `/api/properties/${enc(owner.key)}/local-area`
    : `/api/local-area-profiles/${enc(owner.key)}`;
const placesPath = (owner: PlaceOwnerRef) =>
  owner.kind === "property"
    ? `/api/properties/${enc(owner.key)}/places`
    : `/api/local-area-profiles/${enc(owner.key)}/places`;
export const placeImagePath = (placeId: string) => `/api/local-places/${enc(placeId)}/image`;

/** GET /api/local-area-profiles (LOCAL-15/16/26): pages of the caller's profiles; `items` is every page loaded so far. */
export function useProfiles() {
  const query = useInfiniteQuery({
    queryKey: localAreaKeys.profiles(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PROFILES_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest(`/api/local-area-profiles?${params.toString()}`, { schema: ProfilesResponse, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) };
}

/** POST /api/local-area-profiles (LOCAL-17…21). */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProfileRequest) =>
      apiRequest("/api/local-area-profiles", { method: "POST", body, schema: ProfileResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

/** DELETE /api/local-area-profiles/:label (LOCAL-24). */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiRequest(`/api/local-area-profiles/${enc(label)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

/** A property's or a profile's page: its places, and for a property the account's profiles (LOCAL-01/02). */
export function useLocalAreaPage(owner: PlaceOwnerRef) {
  return useQuery({
    queryKey: localAreaKeys.page(owner),
    queryFn: ({ signal }) => apiRequest(pagePath(owner), { schema: LocalAreaPageResponse, signal }),
  });
}

/** PUT/DELETE …/local-area-profiles/:profileId (LOCAL-02, SHARED-10). */
export function useAttachProfile(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, attach }: { profileId: string; attach: boolean }) =>
      apiRequest(`/api/properties/${enc(propertyId)}/local-area-profiles/${enc(profileId)}`, {
        method: attach ? "PUT" : "DELETE",
        schema: AttachProfileResponse,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

/** POST …/places: a place from the search or a custom one (LOCAL-07…11). */
export function useAddPlace(owner: PlaceOwnerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPlaceInput) => apiRequest(placesPath(owner), { method: "POST", body, schema: PlaceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

/** PATCH /api/local-places/:id (LOCAL-11/12). */
export function useUpdatePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, body }: { placeId: string; body: UpdatePlaceInput }) =>
      apiRequest(`/api/local-places/${enc(placeId)}`, { method: "PATCH", body, schema: PlaceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

export function useDeletePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placeId: string) => apiRequest(`/api/local-places/${enc(placeId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.all }),
  });
}

/** PUT …/places/order (LOCAL-06): saved after each drop or move. */
export function useReorderPlaces(owner: PlaceOwnerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderPlacesRequest) => apiRequest(`${placesPath(owner)}/order`, { method: "PUT", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: localAreaKeys.page(owner) }),
  });
}
