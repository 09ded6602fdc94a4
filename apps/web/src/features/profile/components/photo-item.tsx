import { copy } from "@doorstep/shared/copy";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import { useEffect, useId, useState } from "react";
import { EditableItem, type ItemStatus } from "../../../components/ui/editable-item.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { imageAtWidth } from "../../../lib/format.ts";
import { useUploadPhoto } from "../api/upload-photo.ts";

function photoError(error: unknown): string {
  if (error instanceof ApiError && error.code === "UNSUPPORTED_MEDIA_TYPE") return copy.errors.fileType;
  if (error instanceof ApiError && error.code === "PAYLOAD_TOO_LARGE") return copy.errors.fileTooLarge;
  return copy.profile.saveError;
}

/** A local preview URL for the chosen file, released when it changes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The profile photo (AUTH-40…42): exactly one image, a preview, and upload progress. */
export function PhotoItem({ photoUrl }: { photoUrl: string | null }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const upload = useUploadPhoto();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  const preview = usePreviewUrl(file);

  const reset = () => {
    setFile(null);
    setProgress(0);
    setError(undefined);
  };

  const choose = (files: FileList | null) => {
    setError(undefined);
    if (status === "error") setStatus("editing");
    const chosen = files?.length === 1 ? files[0] : undefined;
    if (!chosen) {
      setFile(null);
      return;
    }
    if (!chosen.type.startsWith("image/")) {
      setFile(null);
      setError(copy.errors.fileType);
      setStatus("error");
      return;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setFile(null);
      setError(copy.errors.fileTooLarge);
      setStatus("error");
      return;
    }
    setFile(chosen);
  };

  const save = async () => {
    if (!file) return;
    setStatus("fetching");
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      reset();
      setStatus("idle");
    } catch (cause) {
      setError(photoError(cause));
      setStatus("error");
    }
  };

  return (
    <EditableItem
      title={copy.profile.photo}
      inputId={inputId}
      display={
        photoUrl ? (
          <img className="profile-photo" src={imageAtWidth(photoUrl, 100)} alt={copy.profile.photoAlt} width={80} height={80} />
        ) : (
          <span className="item__empty">{copy.common.notUploaded}</span>
        )
      }
      status={status}
      onEdit={() => {
        reset();
        setStatus("editing");
      }}
      onCancel={() => {
        reset();
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={file !== null}
      error={error}
    >
      <input
        id={inputId}
        className="field__file"
        type="file"
        accept="image/*"
        aria-describedby={hintId}
        onChange={(event) => choose(event.target.files)}
      />
      <p className="field__hint" id={hintId}>
        {copy.profile.photoHint}
      </p>
      {preview ? <img className="profile-photo profile-photo--preview" src={preview} alt={copy.profile.photoPreviewAlt} /> : null}
      {status === "fetching" ? <ProgressBar value={progress} label={copy.profile.uploadProgress} /> : null}
    </EditableItem>
  );
}
