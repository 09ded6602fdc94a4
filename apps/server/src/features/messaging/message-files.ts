import { randomBytes } from "node:crypto";
import type { MessageFileKind } from "@doorstep/shared/rules/messaging";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { normalizeImage } from "../../lib/images.ts";
import { checkPdf, DOWNLOAD_SUFFIX, probeVideo } from "../../lib/media-probe.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";

export interface StoredAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
  kind: MessageFileKind;
  size: number;
}

/** A display name from the browser's file name: no path, no control characters, not too long. */
function displayName(filename: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f\uD800-\uDFFF]/g, "").trim();
  return base.slice(0, 120) || fallback;
}

/**
 * Checks each attachment by its content and stores it under `folder` (MSG-13, OPEN-53): images re-encoded to
 * WebP (which also drops their location metadata), videos by a container probe, PDFs by header and trailer with
 * scripts refused. Anything else is refused as ATTACHMENT_TYPE; files stored before a refusal are deleted.
 */
export async function storeAttachments(
  ctx: AppContext,
  folder: string,
  files: ReceivedFile[],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const name = `${index + 1}-${randomBytes(6).toString("hex")}`;
      stored.push(await storeOne(ctx, folder, name, file));
    }
    return stored;
  } catch (error) {
    await Promise.all(stored.map((s) => ctx.storage.delete(s.storageKey)));
    throw error;
  }
}

async function storeOne(ctx: AppContext, folder: string, name: string, file: ReceivedFile): Promise<StoredAttachment> {
  const video = await probeVideo(file.path);
  if (video) {
    const storageKey = `${folder}/${name}.${video.ext}`;
    await ctx.storage.putFile(storageKey, file.path, video.contentType);
    const fileName = displayName(file.filename, `video.${video.ext}`);
    return { storageKey, fileName, contentType: video.contentType, kind: "video", size: file.size };
  }
  const pdf = await checkPdf(file.path);
  if (pdf === "script") throw new AppError("PDF_ACTIVE");
  if (pdf !== "not-pdf") {
    const storageKey = `${folder}/${name}${pdf === "auto-action" ? DOWNLOAD_SUFFIX : ".pdf"}`;
    await ctx.storage.putFile(storageKey, file.path, "application/pdf");
    const fileName = displayName(file.filename, "document.pdf");
    return { storageKey, fileName, contentType: "application/pdf", kind: "document", size: file.size };
  }
  let image: Buffer;
  try {
    image = await normalizeImage(file.path);
  } catch (error) {
    // HEIC and oversized images keep their own message; anything else is not a file we take.
    if (error instanceof AppError && error.code !== "UNSUPPORTED_MEDIA_TYPE") throw error;
    throw new AppError("ATTACHMENT_TYPE");
  }
  const storageKey = `${folder}/${name}.webp`;
  await ctx.storage.put(storageKey, image, "image/webp");
  const fileName = displayName(file.filename, "photo.webp");
  return { storageKey, fileName, contentType: "image/webp", kind: "image", size: image.length };
}
