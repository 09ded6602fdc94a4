import { PaymentMethodResponse, type LocalCardRequest } from "@doorstep/shared/schemas/billing";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type PaymentMethod = z.infer<typeof PaymentMethodResponse>["paymentMethod"];

/** POST /api/billing/local/payment-methods: the local gateway's test-mode card (docs/architecture.md §6; CARD_INVALID 400). */
export async function createLocalPaymentMethod(body: LocalCardRequest): Promise<PaymentMethod> {
  const { paymentMethod } = await apiRequest("/api/billing/local/payment-methods", {
    method: "POST",
    body,
    schema: PaymentMethodResponse,
  });
  return paymentMethod;
}
