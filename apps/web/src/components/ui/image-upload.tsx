import { copy } from "@doorstep/shared/copy";
import { TIMINGS } from "@doorstep/shared/constants";
import { useEffect, useId } from "react";
import { useTimedFlag } from "../../lib/use-timed-flag.ts";
import { imageAtWidth } from "../../lib/format.ts";
import { Alert } from "./banner.tsx";
import { Button } from "./button.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { useImageUpload, type ImageUploadTarget } from "./use-image-upload.ts";
import "./image-upload.css";
import "./text-field.css";
import { FileDrop } from "./file-drop.tsx";

export type ImageShape = "landscape" | "square" | "round";

interface ImagePreviewProps {
  /** A local object URL (shown as is) or a stored image URL (shown at `width`). */
  src: string | null;
  local?: boolean;
  alt: string;
  shape?: ImageShape;
  width?: number;
}

/** A stored or chosen image in a fixed frame, or the "Not uploaded" placeholder. */
export function ImagePreview({ src, local = false, alt, shape = "landscape", width = 300 }: ImagePreviewProps) {
  if (!src) return <span className="item__empty">{copy.common.notUploaded}</span>;
  return (
    <img className={`image-preview image-preview--${shape}`} src={local ? src : imageAtWidth(src, width)} alt={alt} />
  );
}

interface ImageUploadProps extends ImageUploadTarget {
  /** The visible label of the file input. */
  label: string;
  currentUrl: string | null;
  hint?: string;
  /** Alt text of the image shown (the stored one or the chosen one). */
  alt: string;
  shape?: ImageShape;
  id?: string;
}

/**
 * A self-contained image upload (FILE-01, FILE-04, FILE-05): choosing one image uploads it at once with
 * progress, then shows it and reads "Uploaded"; "Remove" deletes the stored image when `removeUrl` is set.
 */
export function ImageUpload({
  label,
  currentUrl,
  hint,
  alt,
  shape = "landscape",
  id,
  uploadUrl,
  removeUrl,
  onDone,
}: ImageUploadProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const upload = useImageUpload({ uploadUrl, removeUrl, onDone });
  const busy = upload.status === "uploading" || upload.status === "removing";
  // Uploaded at once: the chosen file shows only after the server has accepted it, never while it decides.
  const accepted = upload.status === "uploaded" ? upload.previewUrl : null;
  const shown = accepted ?? currentUrl;
  // XCUT-50: the "Uploaded" confirmation shows for 3 seconds.
  const [confirmed, confirm] = useTimedFlag(TIMINGS.copyConfirmationMs);
  useEffect(() => {
    if (upload.status === "uploaded") confirm();
  }, [upload.status, confirm]);

  return (
    <div className="image-upload">
      <div className="image-upload__frame">
        <ImagePreview src={shown} local={accepted !== null} alt={alt} shape={shape} />
      </div>
      <div className="image-upload__controls field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <FileDrop
          kind="image"
          id={inputId}
          accept="image/*"
          disabled={busy}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => {
            const chosen = upload.choose(event.target.files);
            if (chosen) void upload.upload(chosen);
            // The same file may be chosen again after an error.
            event.target.value = "";
          }}
        />
        {hint ? (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        ) : null}
        {upload.status === "uploading" ? <ProgressBar value={upload.progress} label={copy.uploads.uploading} /> : null}
        {upload.status === "uploaded" && confirmed ? <Alert tone="success">{copy.uploads.uploaded}</Alert> : null}
        {upload.status === "error" && upload.error ? <Alert>{upload.error}</Alert> : null}
        {removeUrl && currentUrl && !busy ? (
          <div>
            <Button variant="danger" size="sm" onClick={() => void upload.remove()}>
              {copy.uploads.remove} <span className="visually-hidden">{label}</span>
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
