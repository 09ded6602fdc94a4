import { useMutation, useQueryClient } from "@tanstack/react-query";
import { meQueryKey } from "../../../lib/session.ts";
import { uploadFile } from "../../../lib/upload.ts";

interface UploadPhotoInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** PUT /api/me/photo as multipart with one "file" field (AUTH-41, AUTH-42). */
export function uploadPhoto({ file, onProgress }: UploadPhotoInput): Promise<void> {
  return uploadFile("/api/me/photo", file, { method: "PUT", fieldName: "file", onProgress });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
