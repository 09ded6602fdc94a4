import sharp, { type Metadata, type SharpOptions } from "sharp";
import { IMAGE_WIDTHS } from "@doorstep/shared/constants";
import { AppError } from "./app-error.ts";
import { readBytes } from "./streamed-upload.ts";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif", "avif"]);

/**
 * The most pixels sharp may decode. A ≤ 10 MB PNG can declare 16k × 16k px and decode to ≈ 1 GB of RGBA
 * (a decompression bomb); 50 MP still lets a 48 MP phone photo through.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Every sharp() here goes through this, so no decode runs without the pixel limit. */
const openImage = (input: Buffer | string, options: SharpOptions = {}) =>
  sharp(input, { ...options, limitInputPixels: MAX_INPUT_PIXELS });

// libvips' operation cache keeps up to 50 MB of recent results for reuse; no image here is processed twice.
sharp.cache(false);

/**
 * How many images are decoded and encoded at once. One job holds up to ~60 MB outside the JS heap (a
 * 49-megapixel PNG cannot shrink on load, and a 2400 px WebP encode keeps its whole picture), and each
 * request ran its own on libuv's four threads: four uploads at once took ~285 MB. One at a time loses
 * nothing on a small machine (libvips already uses the cores a job can) and keeps the peak to one job.
 */
const IMAGE_JOBS = 1;
let imageJobsRunning = 0;
const imageJobsWaiting: (() => void)[] = [];

/** Runs `job` when an image slot is free; jobs wait their turn in order. */
export async function inImageSlot<T>(job: () => Promise<T>): Promise<T> {
  if (imageJobsRunning < IMAGE_JOBS) imageJobsRunning++;
  else await new Promise<void>((resolve) => imageJobsWaiting.push(resolve));
  try {
    return await job();
  } finally {
    // The slot passes straight to the next job waiting, if any.
    const next = imageJobsWaiting.shift();
    if (next) next();
    else imageJobsRunning--;
  }
}

const tooManyPixels = () => new AppError("IMAGE_TOO_MANY_PIXELS");
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** ISO-BMFF brands of HEVC-coded HEIF (Apple's HEIC), which sharp's bundled libheif cannot decode (decision 006). */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/** True for a HEIC file, by its `ftyp` box (magic bytes, not name or browser type). */
export function isHeic(input: Buffer): boolean {
  if (input.length < 16 || input.toString("latin1", 4, 8) !== "ftyp") return false;
  const boxEnd = Math.min(input.readUInt32BE(0), input.length);
  const major = input.toString("latin1", 8, 12);
  if (major === "avif" || major === "avis") return false;
  const brands = [major];
  for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(input.toString("latin1", i, i + 4));
  return brands.some((b) => HEIC_BRANDS.has(b)) && !brands.includes("avif");
}

/**
 * Checks an upload by its content (FILE rules: magic bytes, not name or browser type) and re-encodes it
 * to WebP: auto-rotated, metadata (EXIF GPS included) stripped, at most 2400 px wide. `input` is the bytes or
 * the path of an uploaded file, which sharp reads itself (an upload is never loaded whole here).
 */
export async function normalizeImage(input: Buffer | string): Promise<Buffer> {
  const head = typeof input === "string" ? await readBytes(input, 0, 256) : input;
  if (isHeic(head)) throw new AppError("HEIC_NOT_SUPPORTED");
  let metadata: Metadata | undefined;
  try {
    metadata = await openImage(input).metadata();
  } catch (error) {
    // sharp checks the limit against the header already here, before any decode.
    if (isPixelLimitError(error)) throw tooManyPixels();
    metadata = undefined;
  }
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError("IMAGE_TYPE");
  }
  // Belt and braces: refused from the header's dimensions, before any decode.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooManyPixels();
  try {
    return await inImageSlot(() =>
      openImage(input, { animated: false })
        .rotate()
        .resize({ width: 2400, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw new AppError("IMAGE_UNREADABLE");
  }
}

/** The nearest allowed variant width at or above the requested one (FILE-10), or null for the original. */
export function variantWidth(requested: number | undefined): number | null {
  if (!requested || !Number.isFinite(requested)) return null;
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? null;
}

/** The storage key of an image's resized variant, stored beside the original and served by `?w=`. */
export function variantKey(key: string, width: number): string {
  return `${key}.w${width}.webp`;
}

/** A resized WebP variant of a stored image; a stored original over the pixel limit is refused, not decoded. */
export async function resizeImage(input: Buffer, width: number): Promise<Buffer> {
  try {
    return await inImageSlot(() =>
      openImage(input).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    );
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw new AppError("IMAGE_UNREADABLE");
  }
}

/** Square sizes for home-screen icons (the web app manifest needs square images of the sizes it names). */
export const ICON_SIZES = [192, 512] as const;

/** The allowed icon size for `?icon=`, or null. */
export function iconSize(requested: number | undefined): number | null {
  return ICON_SIZES.find((s) => s === requested) ?? null;
}

/** A square, centre-cropped PNG icon of a stored image (PNG: what every platform accepts for install icons). */
export async function squareIcon(input: Buffer, size: number): Promise<Buffer> {
  try {
    return await inImageSlot(() =>
      openImage(input).resize({ width: size, height: size, fit: "cover", position: "attention" }).png().toBuffer(),
    );
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw new AppError("IMAGE_UNREADABLE");
  }
}
