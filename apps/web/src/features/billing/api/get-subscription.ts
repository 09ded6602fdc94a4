import { SubscriptionResponse, type SubscriptionState } from "@doorstep/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { billingKeys } from "./keys.ts";

/** GET /api/billing/subscription: the caller's subscription, card and trial (BILL-01, BILL-33…39; 403 for non-master). */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionState> {
  const { subscription } = await apiRequest("/api/billing/subscription", { schema: SubscriptionResponse, signal });
  return subscription;
}

export function useSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription(),
    queryFn: ({ signal }) => getSubscription(signal),
    retry: false,
  });
}
