import sharp from "sharp";
import { IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { AppError } from "./app-error.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

/**
 * Checks an upload by its content (FILE rules: magic bytes, not name or browser type) and re-encodes it
 * to WebP: auto-rotated, metadata (EXIF GPS included) stripped, at most 2400 px wide.
 */
export async function normalizeImage(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a supported image.");
  }
  try {
    return await sharp(input, { animated: false }).rotate().resize({ width: 2400, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The image could not be read.");
  }
}

/** The nearest allowed variant width at or above the requested one (FILE-10), or null for the original. */
export function variantWidth(requested: number | undefined): number | null {
  if (!requested || !Number.isFinite(requested)) return null;
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? null;
}

/** A resized WebP variant of an image. */
export function resizeImage(input: Buffer, width: number): Promise<Buffer> {
  return sharp(input).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}
