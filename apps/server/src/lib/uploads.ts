import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app-context.ts";
import { AppError } from "./app-error.ts";
import { normalizeImage } from "./images.ts";

/** Reads exactly one uploaded file from the multipart field `file` (FILE-04); anything else is refused. */
export async function readSingleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type !== "file") continue;
    if (part.fieldname !== "file" || files.length > 0) {
      throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
    }
    files.push(await part.toBuffer());
  }
  if (files.length !== 1) throw new AppError("VALIDATION_FAILED", "Upload exactly one file in the field `file`.");
  return files[0]!;
}

/**
 * Stores an uploaded image (checked by content, re-encoded, FILE rules) under a server-generated key in
 * `folder` and returns the key. `folder` must be derived from ids the server owns, never from input.
 */
export async function storeImage(ctx: AppContext, folder: string, name: string, upload: Buffer): Promise<string> {
  const image = await normalizeImage(upload);
  const key = `${folder}/${name}-${randomBytes(8).toString("hex")}.webp`;
  await ctx.storage.put(key, image, "image/webp");
  return key;
}

/** Deletes a replaced or removed file; a missing file is not an error (FILE-05). */
export async function deleteStoredFile(ctx: AppContext, key: string | null | undefined): Promise<void> {
  if (key) await ctx.storage.delete(key);
}
