import { InvoiceListResponse } from "@doorstep/shared/schemas/billing";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { billingKeys } from "./keys.ts";

/** GET /api/billing/invoices: invoices with an amount paid above 0, newest first, by cursor (BILL-40). */
export function listInvoices(cursor: string | undefined, signal?: AbortSignal): Promise<InvoiceListResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiRequest(`/api/billing/invoices${query}`, { schema: InvoiceListResponse, signal });
}

export function useInvoices(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: billingKeys.invoices(),
    queryFn: ({ pageParam, signal }) => listInvoices(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
