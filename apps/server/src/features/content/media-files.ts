import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import { copy } from "@doorstep/shared/copy";
import { PDF_MAX_BYTES, VIDEO_MAX_BYTES, type MediaKind } from "@doorstep/shared/rules/content";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { storeImage } from "../../lib/uploads.ts";

/** Size limits per kind (OPEN-56, FILE-12). */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  document: PDF_MAX_BYTES,
};

/** Reads exactly one file from the multipart field `file`, refusing anything over `maxBytes` (413). */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  const files: Buffer[] = [];
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type !== "file") continue;
    if (part.fieldname !== "file" || files.length > 0)
      throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
    files.push(await part.toBuffer());
  }
  if (files.length !== 1) throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
  return files[0]!;
}

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString("latin1");
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "MSNV",
  "NDAS",
]);

/** A video by its magic bytes (OPEN-56: mp4, mov, webm), or null. */
export function sniffVideo(buf: Buffer): { contentType: string; ext: string } | null {
  if (buf.length < 12) return null;
  const box = ascii(buf, 4, 8);
  if (box === "ftyp") {
    const brand = ascii(buf, 8, 12);
    if (brand === "qt  ") return { contentType: "video/quicktime", ext: "mov" };
    if (MP4_BRANDS.has(brand)) return { contentType: "video/mp4", ext: "mp4" };
    return null;
  }
  // Old QuickTime files start straight with a movie, wide or data atom.
  if (box === "moov" || box === "wide" || box === "mdat") return { contentType: "video/quicktime", ext: "mov" };
  if (buf.readUInt32BE(0) === 0x1a45dfa3 && ascii(buf, 0, Math.min(buf.length, 64)).includes("webm"))
    return { contentType: "video/webm", ext: "webm" };
  return null;
}

/** A PDF by its magic bytes (the header may follow a little junk, as readers allow). */
export function isPdf(buf: Buffer): boolean {
  return ascii(buf, 0, Math.min(buf.length, 1024)).includes("%PDF-");
}

/** Checks an upload by content and stores it under `folder`; returns the new key. */
export async function storeMedia(
  ctx: AppContext,
  kind: MediaKind,
  folder: string,
  name: string,
  upload: Buffer,
): Promise<string> {
  if (kind === "image") return storeImage(ctx, folder, `${name}-image`, upload);
  const suffix = randomBytes(8).toString("hex");
  if (kind === "video") {
    const video = sniffVideo(upload);
    if (!video) throw new AppError("UNSUPPORTED_MEDIA_TYPE", copy.content.videoType);
    const key = `${folder}/${name}-video-${suffix}.${video.ext}`;
    await ctx.storage.put(key, upload, video.contentType);
    return key;
  }
  if (!isPdf(upload)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", copy.content.pdfType);
  const key = `${folder}/${name}-document-${suffix}.pdf`;
  await ctx.storage.put(key, upload, "application/pdf");
  return key;
}
