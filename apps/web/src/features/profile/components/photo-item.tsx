import { copy } from "@doorstep/shared/copy";
import { useQueryClient } from "@tanstack/react-query";
import { ImageItem } from "../../../components/ui/image-item.tsx";
import { meQueryKey } from "../../../lib/session.ts";
import { PHOTO_URL } from "../api/upload-photo.ts";

/** The profile photo (AUTH-40…42): exactly one image, a preview, and upload progress. */
export function PhotoItem({ photoUrl }: { photoUrl: string | null }) {
  const queryClient = useQueryClient();
  return (
    <ImageItem
      title={copy.profile.photo}
      currentUrl={photoUrl}
      hint={copy.profile.photoHint}
      alt={copy.profile.photoAlt}
      previewAlt={copy.profile.photoPreviewAlt}
      progressLabel={copy.profile.uploadProgress}
      shape="round"
      width={100}
      uploadUrl={PHOTO_URL}
      onDone={() => queryClient.invalidateQueries({ queryKey: meQueryKey })}
    />
  );
}
