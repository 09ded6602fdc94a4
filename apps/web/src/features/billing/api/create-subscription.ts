import { CreateSubscriptionResponse, type CreateSubscriptionRequest } from "@doorstep/shared/schemas/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { billingKeys } from "./keys.ts";

/** POST /api/billing/subscription: the server computes quantity and price (BILL-22…26). */
export function createSubscription(body: CreateSubscriptionRequest): Promise<CreateSubscriptionResponse> {
  return apiRequest("/api/billing/subscription", { method: "POST", body, schema: CreateSubscriptionResponse });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: async ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
      // The banners and guide status follow the subscription (HOME-05/06, GUIDE-03).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]);
    },
  });
}
