import { useQueryClient } from "@tanstack/react-query";

/** PUT (multipart "file") / DELETE the cover image (SETUP-06); components/ui/image-item sends them. */
export function coverImageUrl(propertyId: string): string {
  return `/api/properties/${encodeURIComponent(propertyId)}/cover`;
}

export function useRefreshProperties() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["properties"] });
}
