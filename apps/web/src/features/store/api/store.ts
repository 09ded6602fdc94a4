import {
  ConnectLinkResponse,
  OfferResponse,
  StoreResponse,
  type OfferRequest,
  type UpdateStoreSettingsRequest,
} from "@doorstep/shared/schemas/store";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { storeKeys } from "./keys.ts";

/** GET /api/store: settings, the payout account and every offer. */
export function useStore() {
  return useQuery({
    queryKey: storeKeys.store(),
    queryFn: ({ signal }) => apiRequest("/api/store", { schema: StoreResponse, signal }),
  });
}

/** GET /api/store/offers/:id. */
export function useOffer(offerId: string | null) {
  return useQuery({
    queryKey: storeKeys.offer(offerId ?? "new"),
    queryFn: ({ signal }) => apiRequest(`/api/store/offers/${offerId}`, { schema: OfferResponse, signal }),
    enabled: offerId !== null,
  });
}

function useInvalidateStore() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storeKeys.all }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

/** PUT /api/store/settings. */
export function useSaveStoreSettings() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (body: UpdateStoreSettingsRequest) =>
      apiRequest("/api/store/settings", { method: "PUT", body, schema: StoreResponse }),
    onSettled: invalidate,
  });
}

/** POST /api/store/offers, or PUT /api/store/offers/:id. */
export function useSaveOffer(offerId: string | null) {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (body: OfferRequest) =>
      offerId
        ? apiRequest(`/api/store/offers/${offerId}`, { method: "PUT", body, schema: OfferResponse })
        : apiRequest("/api/store/offers", { method: "POST", body, schema: OfferResponse }),
    onSettled: invalidate,
  });
}

/** DELETE /api/store/offers/:id. */
export function useDeleteOffer() {
  const invalidate = useInvalidateStore();
  return useMutation({
    mutationFn: (offerId: string) => apiRequest(`/api/store/offers/${offerId}`, { method: "DELETE" }),
    onSettled: invalidate,
  });
}

/** POST /api/store/connect: "Get paid" answers the onboarding address. */
export function useConnectPayouts() {
  return useMutation({
    mutationFn: () => apiRequest("/api/store/connect", { method: "POST", body: {}, schema: ConnectLinkResponse }),
  });
}

export const offerPhotoUrl = (offerId: string) => `/api/store/offers/${encodeURIComponent(offerId)}/photo`;
