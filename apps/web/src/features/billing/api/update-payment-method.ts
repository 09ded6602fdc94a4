import { UpdatePaymentMethodResponse, type UpdatePaymentMethodRequest } from "@doorstep/shared/schemas/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { billingKeys } from "./keys.ts";

/** PUT /api/billing/payment-method: replaces the card and retries an open invoice (BILL-35/36; NO_SUBSCRIPTION 409). */
export function updatePaymentMethod(
  body: UpdatePaymentMethodRequest,
): Promise<z.infer<typeof UpdatePaymentMethodResponse>> {
  return apiRequest("/api/billing/payment-method", { method: "PUT", body, schema: UpdatePaymentMethodResponse });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: async ({ subscription }) => {
      queryClient.setQueryData(billingKeys.subscription(), subscription);
      // A paid retry clears the payment-failed banner (HOME-06) and may add an invoice.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]);
    },
  });
}
