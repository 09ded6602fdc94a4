import { copy } from "@doorstep/shared/copy";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import { useEffect, useState } from "react";
import { apiRequest, hasErrorCode } from "../../lib/api-client.ts";
import { uploadFile } from "../../lib/upload.ts";

export type UploadStatus = "idle" | "chosen" | "uploading" | "uploaded" | "removing" | "error";

/** The copy for a failed upload, from the API's error code (OPEN-56). */
export function uploadErrorCopy(error: unknown): string {
  if (hasErrorCode(error, "HEIC_NOT_SUPPORTED")) return copy.errors.heicNotSupported;
  if (hasErrorCode(error, "IMAGE_TOO_MANY_PIXELS")) return copy.errors.imageTooManyPixels;
  if (hasErrorCode(error, "UNSUPPORTED_MEDIA_TYPE")) return copy.errors.fileType;
  if (hasErrorCode(error, "PAYLOAD_TOO_LARGE")) return copy.errors.fileTooLarge;
  return copy.uploads.failed;
}

/**
 * A local preview URL for the chosen file, released when it changes; null until the browser has decoded the file
 * as an image, so a file that is no image (its type unknown, decision 006) never shows as a broken picture.
 */
export function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    let current = true;
    const probe = new Image();
    probe.onload = () => {
      if (current) setUrl(objectUrl);
    };
    probe.src = objectUrl;
    return () => {
      current = false;
      probe.onload = null;
      URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return url;
}

export type UploadOutcome = "uploaded" | "removed";

export interface ImageUploadTarget {
  /** PUT multipart, one "file" field (FILE-04). */
  uploadUrl: string;
  /** DELETE clears the image (FILE-05); omit when it cannot be removed. */
  removeUrl?: string;
  /** Runs after a successful upload or removal (re-fetch the owner); awaited before the state settles. */
  onDone?: (outcome: UploadOutcome) => unknown;
}

/**
 * One image upload's state (FILE-01, FILE-04): choose exactly one image (checked here for type and size
 * before sending, the server decides again), preview it once the browser could read it as an image, upload
 * with progress, or remove the stored one. A file the server refuses loses its preview.
 */
export function useImageUpload({ uploadUrl, removeUrl, onDone }: ImageUploadTarget) {
  const [status, setStatus] = useState<UploadStatus>("idle");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string>();
  const previewUrl = usePreviewUrl(file);

  const reset = () => {
    setFile(null);
    setProgress(0);
    setError(undefined);
    setStatus("idle");
  };

  /** Takes the input's files; returns the accepted file or null (with the error copy set). */
  const choose = (files: FileList | null): File | null => {
    setError(undefined);
    setProgress(0);
    const chosen = files?.length === 1 ? files[0] : undefined;
    if (!chosen) {
      setFile(null);
      setStatus("idle");
      return null;
    }
    // An empty type says nothing (browsers report HEIC and other unknown types as ""): the server decides
    // by the file's bytes (decision 006).
    if (chosen.type !== "" && !chosen.type.startsWith("image/")) {
      setFile(null);
      setError(copy.errors.fileType);
      setStatus("error");
      return null;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setFile(null);
      setError(copy.errors.fileTooLarge);
      setStatus("error");
      return null;
    }
    setFile(chosen);
    setStatus("chosen");
    return chosen;
  };

  /** Uploads `toSend` (or the chosen file); resolves true on success. */
  const upload = async (toSend: File | null = file): Promise<boolean> => {
    if (!toSend) return false;
    setStatus("uploading");
    setError(undefined);
    setProgress(0);
    try {
      await uploadFile(uploadUrl, toSend, { method: "PUT", fieldName: "file", onProgress: setProgress });
      await onDone?.("uploaded");
      setStatus("uploaded");
      return true;
    } catch (cause) {
      // Refused: its preview goes with it, and the stored image (if any) shows again.
      setFile(null);
      setError(uploadErrorCopy(cause));
      setStatus("error");
      return false;
    }
  };

  const remove = async (): Promise<boolean> => {
    if (!removeUrl) return false;
    setStatus("removing");
    setError(undefined);
    try {
      await apiRequest(removeUrl, { method: "DELETE" });
      setFile(null);
      await onDone?.("removed");
      setStatus("idle");
      return true;
    } catch {
      setError(copy.common.genericError);
      setStatus("error");
      return false;
    }
  };

  return { status, file, previewUrl, progress, error, choose, upload, remove, reset };
}
