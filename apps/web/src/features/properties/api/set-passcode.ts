import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

interface SetPasscodeInput {
  propertyId: string;
  /** Six digits, or null to remove it. */
  passcode: string | null;
}

/** PUT /api/properties/:propertyId/passcode: sets or removes it; the server signs guests out (PROP-24, PROP-25). */
export function setPasscode({ propertyId, passcode }: SetPasscodeInput): Promise<void> {
  return apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/passcode`, {
    method: "PUT",
    body: { passcode },
  });
}

export function useSetPasscode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPasscode,
    onSuccess: (_, { propertyId }) => queryClient.invalidateQueries({ queryKey: propertyKeys.detail(propertyId) }),
  });
}
