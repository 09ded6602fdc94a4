import type { Currency } from "@doorstep/shared/rules/billing";
import { PlansResponse } from "@doorstep/shared/schemas/billing";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { billingKeys } from "./keys.ts";

export interface PlansParams {
  currency?: Currency;
  coupon?: string;
}

/** GET /api/billing/plans: the caller's plans priced by the server for its property count (BILL-02…18). */
export function listPlans({ currency, coupon }: PlansParams, signal?: AbortSignal): Promise<PlansResponse> {
  const query = new URLSearchParams();
  if (currency) query.set("currency", currency);
  if (coupon) query.set("coupon", coupon);
  const search = query.toString();
  return apiRequest(`/api/billing/plans${search ? `?${search}` : ""}`, { schema: PlansResponse, signal });
}

export function usePlans(params: PlansParams, enabled = true) {
  return useQuery({
    queryKey: billingKeys.plans(params.currency, params.coupon),
    queryFn: ({ signal }) => listPlans(params, signal),
    // Switching currency or coupon keeps the last prices on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
