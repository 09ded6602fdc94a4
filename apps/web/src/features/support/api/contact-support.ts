import type { SupportRequest } from "@doorstep/shared/schemas/support";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/support (PROP-20). */
export function useContactSupport() {
  return useMutation({
    mutationFn: (body: SupportRequest) => apiRequest("/api/support", { method: "POST", body }),
  });
}
