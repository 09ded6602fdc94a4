import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import { PDF_MAX_BYTES, VIDEO_MAX_BYTES, type MediaKind } from "@doorstep/shared/rules/content";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { checkPdf, DOWNLOAD_SUFFIX, probeVideo } from "../../lib/media-probe.ts";
import { receiveSingleFile, type ReceivedFile } from "../../lib/streamed-upload.ts";
import { storeImage } from "../../lib/uploads.ts";

/** Size limits per kind (OPEN-56, FILE-12). */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  document: PDF_MAX_BYTES,
};

/** Receives exactly one file from the multipart field `file`, streamed to disk, refusing anything over `maxBytes` (413). */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<ReceivedFile> {
  return receiveSingleFile(request, maxBytes);
}

/** Checks an upload by its content (a container probe for videos, header, trailer and active content for PDFs) and stores it under `folder`; returns the new key. */
export async function storeMedia(
  ctx: AppContext,
  kind: MediaKind,
  folder: string,
  name: string,
  upload: ReceivedFile,
): Promise<string> {
  if (kind === "image") return storeImage(ctx, folder, `${name}-image`, upload);
  const suffix = randomBytes(8).toString("hex");
  if (kind === "video") {
    const video = await probeVideo(upload.path);
    if (!video) throw new AppError("VIDEO_TYPE");
    const key = `${folder}/${name}-video-${suffix}.${video.ext}`;
    await ctx.storage.putFile(key, upload.path, video.contentType);
    return key;
  }
  const pdf = await checkPdf(upload.path);
  if (pdf === "not-pdf") throw new AppError("PDF_TYPE");
  if (pdf === "script") throw new AppError("PDF_ACTIVE");
  // A PDF that acts by itself when opened is served as a download, not shown in the guest's browser (decision 012).
  const key = `${folder}/${name}-document-${suffix}${pdf === "auto-action" ? DOWNLOAD_SUFFIX : ".pdf"}`;
  await ctx.storage.putFile(key, upload.path, "application/pdf");
  return key;
}
