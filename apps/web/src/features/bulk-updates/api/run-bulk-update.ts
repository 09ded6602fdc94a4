import { BulkUpdateResponse, type BulkUpdateRequest } from "@doorstep/shared/schemas/bulk-updates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { propertyKeys } from "../../../api/properties/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/bulk-updates: what would change (apply false), or the change itself, per property (BULK-05). */
export function runBulkUpdate(input: BulkUpdateRequest): Promise<BulkUpdateResponse> {
  return apiRequest("/api/bulk-updates", { method: "POST", body: input, schema: BulkUpdateResponse });
}

/** Runs a check or an update; an applied update refreshes every cached property. */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkUpdate,
    onSuccess: (result) => {
      if (result.applied) void queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
