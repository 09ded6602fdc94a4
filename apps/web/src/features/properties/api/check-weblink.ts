import { CheckWeblinkResponse } from "@doorstep/shared/schemas/property";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/properties/weblink-check: is the weblink free across every account, archived included (PROP-10)? */
export async function checkWeblinkAvailable(propertyId: string): Promise<boolean> {
  const { available } = await apiRequest("/api/properties/weblink-check", {
    method: "POST",
    body: { propertyId },
    schema: CheckWeblinkResponse,
  });
  return available;
}

export function useCheckWeblink() {
  return useMutation({ mutationFn: checkWeblinkAvailable });
}
