import { StayResponse, type CreateStayInput } from "@doorstep/shared/schemas/stays";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/stays: a stay added by hand (source "manual"); answers it with the double-booking flag set. */
export async function createStay(body: CreateStayInput) {
  return (await apiRequest("/api/stays", { method: "POST", body, schema: StayResponse })).stay;
}

export function useCreateStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStay,
    // Lists, calendars and the home count all move; another stay's double-booking flag may too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayKeys.all }),
  });
}
