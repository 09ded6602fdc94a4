import { OrderListResponse, OrderResponse, RevenueResponse } from "@doorstep/shared/schemas/store";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { orderKeys } from "./keys.ts";

/** GET /api/orders: pending first. */
export function useOrders() {
  return useQuery({
    queryKey: orderKeys.list(),
    queryFn: ({ signal }) => apiRequest("/api/orders", { schema: OrderListResponse, signal }),
  });
}

/** GET /api/orders/revenue. */
export function useRevenue() {
  return useQuery({
    queryKey: orderKeys.revenue(),
    queryFn: ({ signal }) => apiRequest("/api/orders/revenue", { schema: RevenueResponse, signal }),
  });
}

type OrderAction =
  | { kind: "approve"; orderId: string }
  | { kind: "decline"; orderId: string; note?: string }
  | { kind: "refund"; orderId: string; amount?: number };

/** Approve, Decline (with a note) or Refund (all, or an amount): the list, the badge and revenue follow. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => {
      const url = `/api/orders/${encodeURIComponent(action.orderId)}/${action.kind}`;
      const body =
        action.kind === "decline"
          ? { note: action.note || undefined }
          : action.kind === "refund"
            ? { amount: action.amount }
            : {};
      return apiRequest(url, { method: "POST", body, schema: OrderResponse });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
