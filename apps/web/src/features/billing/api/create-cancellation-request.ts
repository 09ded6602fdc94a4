import { CancellationResponse, type CreateCancellationRequest } from "@doorstep/shared/schemas/billing";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/billing/cancellation-requests: a pause or cancel request for support (BILL-43…48). */
export function createCancellationRequest(
  body: CreateCancellationRequest,
): Promise<z.infer<typeof CancellationResponse>> {
  return apiRequest("/api/billing/cancellation-requests", { method: "POST", body, schema: CancellationResponse });
}

export function useCreateCancellationRequest() {
  return useMutation({ mutationFn: createCancellationRequest });
}
