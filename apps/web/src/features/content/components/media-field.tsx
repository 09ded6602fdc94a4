import { copy } from "@doorstep/shared/copy";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import { PDF_MAX_BYTES, VIDEO_MAX_BYTES } from "@doorstep/shared/rules/content";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ImagePreview } from "../../../components/ui/image-upload.tsx";
import { usePreviewUrl } from "../../../components/ui/use-image-upload.ts";
import type { MediaDraft } from "./editor-draft.ts";
import { FileDrop } from "../../../components/ui/file-drop.tsx";

export type MediaFieldKind = "image" | "video" | "document";

const ACCEPT: Record<MediaFieldKind, string> = {
  image: "image/*",
  video: "video/mp4,video/quicktime,video/webm",
  document: "application/pdf",
};

/** Checked before saving; the server decides again (OPEN-56). */
function problemWith(kind: MediaFieldKind, file: File): string | null {
  if (kind === "image") {
    if (!file.type.startsWith("image/")) return copy.errors.fileType;
    return file.size > IMAGE_MAX_BYTES ? copy.errors.fileTooLarge : null;
  }
  if (kind === "video") {
    if (!ACCEPT.video.split(",").includes(file.type)) return copy.content.videoType;
    return file.size > VIDEO_MAX_BYTES ? copy.errors.fileTooLarge : null;
  }
  if (file.type !== "application/pdf") return copy.content.pdfType;
  return file.size > PDF_MAX_BYTES ? copy.errors.fileTooLarge : null;
}

/** A chosen file's local address while it is chosen (a video's first frame shows before it is uploaded). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface MediaFieldProps {
  kind: MediaFieldKind;
  label: string;
  value: MediaDraft;
  onChange: (value: MediaDraft) => void;
}

/**
 * An image, video or PDF of the draft: the stored file is shown, a chosen one is previewed and uploaded when
 * the editor saves (CONT-23). A stored video must be removed before another is chosen (CONT-21).
 */
export function MediaField({ kind, label, value, onChange }: MediaFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = usePreviewUrl(kind === "image" ? value.file : null);
  const chosenVideo = useObjectUrl(kind === "video" ? value.file : null);
  const videoLocked = kind === "video" && value.url !== null && !value.remove;

  return (
    <div className="media-field field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {kind === "image" ? (
        <ImagePreview src={previewUrl ?? (value.remove ? null : value.url)} local={previewUrl !== null} alt={label} />
      ) : null}
      {kind === "video" && value.url && !value.remove ? (
        // CONT-22, XCUT-37: the fallback text of a video the browser cannot play.
        <video className="media-field__video" src={value.url} controls preload="metadata">
          {copy.content.videoUnsupported}
        </video>
      ) : null}
      {chosenVideo ? (
        <video className="media-field__video" src={chosenVideo} muted preload="metadata" aria-label={label}>
          {copy.content.videoUnsupported}
        </video>
      ) : null}
      {kind === "document" && value.url && !value.remove ? (
        <a href={value.url} target="_blank" rel="noreferrer">
          {copy.content.openDocument}
        </a>
      ) : null}
      <FileDrop
        kind={kind}
        id={inputId}
        accept={ACCEPT[kind]}
        disabled={videoLocked}
        aria-describedby={videoLocked ? hintId : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          const issue = problemWith(kind, file);
          setProblem(issue);
          if (!issue) onChange({ ...value, file });
        }}
      />
      {videoLocked ? (
        <p className="field__hint" id={hintId}>
          {copy.content.videoExists}
        </p>
      ) : null}
      {value.file ? <p className="field__hint">{copy.content.mediaChosen(value.file.name)}</p> : null}
      {value.remove ? <p className="field__hint">{copy.content.mediaRemoved}</p> : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="media-field__actions">
        {value.file ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...value, file: null })}>
            {copy.content.mediaRemove} <span className="visually-hidden">{label}</span>
          </Button>
        ) : null}
        {value.url && !value.file ? (
          <Button
            variant={value.remove ? "secondary" : "danger"}
            size="sm"
            onClick={() => onChange({ ...value, remove: !value.remove })}
          >
            {value.remove ? copy.content.mediaUndoRemove : copy.content.mediaRemove}{" "}
            <span className="visually-hidden">{label}</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
