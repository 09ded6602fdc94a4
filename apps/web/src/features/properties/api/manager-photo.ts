import { useQueryClient } from "@tanstack/react-query";
import { propertyKeys } from "./keys.ts";

/** PUT / DELETE /api/managers/:vanityId/photo (multipart "file"): the host photo of the setup flow and Basic Setup. */
export function managerPhotoUrl(vanityId: string): string {
  return `/api/managers/${encodeURIComponent(vanityId)}/photo`;
}

/** After a photo change in the Basic Setup popup: managers and the properties showing their cards are re-fetched. */
export function useRefreshManagers() {
  const queryClient = useQueryClient();
  return async () => {
    // The managers feature's key, spelt out: a feature does not import another.
    await queryClient.invalidateQueries({ queryKey: ["managers"] });
    await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  };
}
