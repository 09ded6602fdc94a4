import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import type { AppContext } from "../app-context.ts";
import { normalizeImage, resizeImage, variantKey } from "./images.ts";
import { receiveSingleFile, type ReceivedFile } from "./streamed-upload.ts";

/** Receives exactly one image from the multipart field `file` (FILE-04), streamed to a temporary file. */
export async function receiveImage(request: FastifyRequest): Promise<ReceivedFile> {
  return receiveSingleFile(request, IMAGE_MAX_BYTES);
}

/**
 * Stores an uploaded image (checked by content, re-encoded, FILE rules) under a server-generated key in
 * `folder` and returns the key. `folder` must be derived from ids the server owns, never from input.
 */
export async function storeImage(ctx: AppContext, folder: string, name: string, upload: ReceivedFile): Promise<string> {
  const image = await normalizeImage(upload.path);
  const key = `${folder}/${name}-${randomBytes(8).toString("hex")}.webp`;
  await ctx.storage.put(key, image, "image/webp");
  return key;
}

/**
 * Makes an image's resized variants at `widths` now, one after another, instead of on the first request for
 * each (`/files/…?w=`): a guest's first view of a new cover would otherwise wait for the resize.
 */
export async function storeImageVariants(ctx: AppContext, key: string, widths: readonly number[]): Promise<void> {
  const original = await ctx.storage.get(key);
  if (!original) return;
  for (const width of widths) {
    await ctx.storage.put(variantKey(key, width), await resizeImage(original.body, width), "image/webp");
  }
}

/** Deletes a replaced or removed file; a missing file is not an error (FILE-05). */
export async function deleteStoredFile(ctx: AppContext, key: string | null | undefined): Promise<void> {
  if (key) await ctx.storage.delete(key);
}
