import { useQueryClient } from "@tanstack/react-query";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** PUT (multipart "file") / DELETE /api/properties/:propertyId/cover (SETUP-06); components/ui's image upload sends them. */
export function coverImageUrl(propertyId: string): string {
  return `/api/properties/${encodeURIComponent(propertyId)}/cover`;
}

/** After a cover change: the property, the lists and the home tiles are re-fetched. */
export function useRefreshProperties() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: propertyKeys.all });
}
