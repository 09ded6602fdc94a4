import { copy } from "@doorstep/shared/copy";
import { TIMINGS } from "@doorstep/shared/constants";
import { useEffect, useId, useState } from "react";
import { Button } from "./button.tsx";
import { EditableItem, type ItemStatus } from "./editable-item.tsx";
import { ImagePreview, type ImageShape } from "./image-upload.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { useImageUpload, type ImageUploadTarget } from "./use-image-upload.ts";
import "./image-upload.css";
import { FileDrop } from "./file-drop.tsx";

interface ImageItemProps extends ImageUploadTarget {
  title: string;
  currentUrl: string | null;
  hint?: string;
  /** Alt of the stored image shown while idle. */
  alt: string;
  /** Alt of the chosen image's preview while editing. */
  previewAlt: string;
  shape?: ImageShape;
  /** The served variant width of the stored image (FILE-10). */
  width?: number;
  progressLabel?: string;
}

/**
 * An image as one EditableItem (XCUT-19…21, FILE-01…05): Edit → choose one image and see it; Save uploads
 * it with progress; Cancel drops the choice; "Remove" deletes the stored image.
 */
export function ImageItem({
  title,
  currentUrl,
  hint,
  alt,
  previewAlt,
  shape = "landscape",
  width = 300,
  progressLabel,
  ...target
}: ImageItemProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const upload = useImageUpload(target);
  const [status, setStatus] = useState<ItemStatus>("idle");
  // XCUT-50: the "Uploaded" confirmation shows for 3 seconds.
  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(
      () => setStatus((current) => (current === "success" ? "idle" : current)),
      TIMINGS.copyConfirmationMs,
    );
    return () => clearTimeout(timer);
  }, [status]);

  const close = () => {
    upload.reset();
    setStatus("idle");
  };
  const save = async () => {
    setStatus("fetching");
    if (await upload.upload()) {
      upload.reset();
      setStatus("success");
    } else setStatus("error");
  };
  const remove = async () => {
    setStatus("fetching");
    if (await upload.remove()) close();
    else setStatus("error");
  };

  return (
    <EditableItem
      title={title}
      inputId={inputId}
      display={<ImagePreview src={currentUrl} alt={alt} shape={shape} width={width} />}
      status={status}
      onEdit={() => {
        upload.reset();
        setStatus("editing");
      }}
      onCancel={close}
      onSave={() => void save()}
      canSave={upload.file !== null}
      error={upload.error}
      success={copy.uploads.uploaded}
    >
      <FileDrop
        kind="image"
        id={inputId}
        accept="image/*"
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          const chosen = upload.choose(event.target.files);
          setStatus(chosen || !event.target.files?.length ? "editing" : "error");
        }}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {upload.previewUrl ? <ImagePreview src={upload.previewUrl} local alt={previewAlt} shape={shape} /> : null}
      {status === "fetching" && upload.status === "uploading" ? (
        <ProgressBar value={upload.progress} label={progressLabel ?? copy.uploads.uploading} />
      ) : null}
      {target.removeUrl && currentUrl && !upload.file ? (
        <div>
          <Button variant="danger" size="sm" onClick={() => void remove()}>
            {copy.uploads.remove} <span className="visually-hidden">{title}</span>
          </Button>
        </div>
      ) : null}
    </EditableItem>
  );
}
