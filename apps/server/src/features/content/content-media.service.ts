import { copy } from "@doorstep/shared/copy";
import type { MediaKind } from "@doorstep/shared/rules/content";
import type { ContentItemDto } from "@doorstep/shared/schemas/content";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { deleteStoredFile } from "../../lib/uploads.ts";
import { findSubItems, touchProperty, updateItemBumpingVersion, updateSubItem, type SubItemRow } from "./content.repository.ts";
import { getOwnedItem, itemFolder, loadItemDto } from "./content.service.ts";
import { MEDIA_MAX_BYTES, storeMedia } from "./media-files.ts";

const COLUMN = { image: "imageKey", video: "videoKey", document: "documentKey" } as const;
/** Which sub-item type holds which kind of file (OPEN-62). */
const SUB_ITEM_KIND: Partial<Record<SubItemRow["type"], MediaKind>> = { image: "image", video: "video", pdf: "document" };

export type ReadUpload = (maxBytes: number) => Promise<Buffer>;

async function requireSubItem(ctx: AppContext, itemId: string, subItemId: string, kind: MediaKind): Promise<SubItemRow> {
  const sub = (await findSubItems(ctx.db, [itemId])).find((s) => s.id === subItemId);
  if (!sub) throw notFound("Sub-content item not found");
  if (SUB_ITEM_KIND[sub.type] !== kind) throw new AppError("VALIDATION_FAILED", `A ${sub.type} sub-item cannot hold a ${kind}.`);
  return sub;
}

/**
 * Replaces an item's or sub-item's image, video or PDF (CONT-23, FILE-05): ownership first, then the upload
 * is read and checked by content; the old file is deleted; ContentVersion + 1. A second video is refused
 * while one exists (CONT-21).
 */
export async function setContentMedia(
  ctx: AppContext,
  caller: Caller,
  target: { propertyId: string; itemId: string; subItemId?: string; kind: MediaKind },
  readUpload: ReadUpload,
): Promise<ContentItemDto> {
  const { property, item } = await getOwnedItem(ctx, caller, target.propertyId, target.itemId);
  const sub = target.subItemId ? await requireSubItem(ctx, item.id, target.subItemId, target.kind) : null;
  const column = COLUMN[target.kind];
  const previous = sub ? sub[column] : item[column];
  if (target.kind === "video" && previous) throw new AppError("VIDEO_EXISTS", copy.content.videoExists);
  const upload = await readUpload(MEDIA_MAX_BYTES[target.kind]);
  const folder = itemFolder(property, item.id) + (sub ? "/sub" : "");
  const key = await storeMedia(ctx, target.kind, folder, sub ? sub.id : item.label.slice(0, 60), upload);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await touchProperty(tx, property.id, now);
    if (sub) await updateSubItem(tx, item.id, sub.id, { [column]: key }, now);
    return updateItemBumpingVersion(tx, item.id, sub ? {} : { [column]: key }, now);
  });
  await deleteStoredFile(ctx, previous);
  return loadItemDto(ctx, property, row);
}

/** Removes an item's or sub-item's file and clears the field (FILE-05). */
export async function removeContentMedia(
  ctx: AppContext,
  caller: Caller,
  target: { propertyId: string; itemId: string; subItemId?: string; kind: MediaKind },
): Promise<ContentItemDto> {
  const { property, item } = await getOwnedItem(ctx, caller, target.propertyId, target.itemId);
  const sub = target.subItemId ? await requireSubItem(ctx, item.id, target.subItemId, target.kind) : null;
  const column = COLUMN[target.kind];
  const previous = sub ? sub[column] : item[column];
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await touchProperty(tx, property.id, now);
    if (sub) await updateSubItem(tx, item.id, sub.id, { [column]: null }, now);
    return updateItemBumpingVersion(tx, item.id, sub ? {} : { [column]: null }, now);
  });
  await deleteStoredFile(ctx, previous);
  return loadItemDto(ctx, property, row);
}
