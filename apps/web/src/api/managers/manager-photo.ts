import { useQueryClient } from "@tanstack/react-query";
import { propertyKeys } from "../properties/keys.ts";
import { managerKeys } from "./keys.ts";

/** PUT / DELETE /api/managers/:vanityId/photo (multipart "file"); components/ui/image-item sends them. */
export function managerPhotoUrl(vanityId: string): string {
  return `/api/managers/${encodeURIComponent(vanityId)}/photo`;
}

/** After a photo change: managers and the properties showing their cards are re-fetched. */
export function useRefreshManagers() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: managerKeys.all });
    await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  };
}
