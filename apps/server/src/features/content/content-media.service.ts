import type { MediaKind } from "@doorstep/shared/rules/content";
import type { ContentItemDto } from "@doorstep/shared/schemas/content";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { Db } from "../../db/client.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import {
  findAttachedPropertyRows,
  findItemById,
  findSubItems,
  updateItemBumpingVersion,
  updateSubItem,
  type ItemRow,
  type SubItemRow,
} from "./content.repository.ts";
import { touchProperties } from "../properties/property.service.ts";
import { deleteFilesAfterCommit, getOwnedItem, itemFolder, loadItemDto } from "./content.service.ts";
import { MEDIA_MAX_BYTES, storeMedia } from "./media-files.ts";

const COLUMN = { image: "imageKey", video: "videoKey", document: "documentKey" } as const;
/** Which sub-item type holds which kind of file (OPEN-62). */
const SUB_ITEM_KIND: Partial<Record<SubItemRow["type"], MediaKind>> = {
  image: "image",
  video: "video",
  pdf: "document",
};

/** Receives the upload (streamed to a temporary file) once ownership has been checked, capped at `maxBytes`. */
export type ReadUpload = (maxBytes: number) => Promise<ReceivedFile>;

function checkKind(sub: SubItemRow, kind: MediaKind): void {
  if (SUB_ITEM_KIND[sub.type] !== kind) throw new AppError("SUB_ITEM_KIND", { subType: sub.type, kind });
}

async function requireSubItem(
  ctx: AppContext,
  itemId: string,
  subItemId: string,
  kind: MediaKind,
): Promise<SubItemRow> {
  const sub = (await findSubItems(ctx.db, [itemId])).find((s) => s.id === subItemId);
  if (!sub) throw notFound("sub-content-item");
  checkKind(sub, kind);
  return sub;
}

/**
 * Inside the media transaction: marks the property changed, and for a shared item every property it is
 * attached to (HOME-22, as an item save does); returns the file the field holds now, read under the lock.
 */
async function lockAndReadCurrent(
  tx: Db,
  property: { id: string; isShared: boolean },
  item: ItemRow,
  sub: SubItemRow | null,
  kind: MediaKind,
  at: Date,
) {
  const column = COLUMN[kind];
  await touchProperties(tx, [property.id], at);
  if (property.isShared)
    await touchProperties(
      tx,
      (await findAttachedPropertyRows(tx, [item.id])).map((a) => a.propertyRowId),
      at,
    );
  if (sub) {
    const current = (await findSubItems(tx, [item.id])).find((s) => s.id === sub.id);
    if (!current) throw notFound("sub-content-item");
    // A save that changed the sub-item's type since the upload began wins: the file no longer fits it.
    checkKind(current, kind);
    return current[column];
  }
  const current = await findItemById(tx, item.id);
  if (!current) throw notFound("content-item");
  return current[column];
}

/**
 * Replaces an item's or sub-item's image, video or PDF (CONT-23, FILE-05): ownership first, then the upload
 * is read and checked by content; the old file is deleted once the change has committed; ContentVersion + 1. A second video is refused
 * while one exists (CONT-21), checked again inside the transaction against a racing upload. A stored file
 * whose transaction fails is deleted again.
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
  const videoExists = () => new AppError("VIDEO_EXISTS");
  // A quick answer before reading a large upload; the transaction checks again.
  if (target.kind === "video" && (sub ? sub[column] : item[column])) throw videoExists();
  const upload = await readUpload(MEDIA_MAX_BYTES[target.kind]);
  const folder = itemFolder(property, item.id) + (sub ? "/sub" : "");
  const key = await storeMedia(ctx, target.kind, folder, sub ? sub.id : item.label.slice(0, 60), upload);
  const now = ctx.now();
  let result: { row: ItemRow; previous: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const previous = await lockAndReadCurrent(tx, property, item, sub, target.kind, now);
      if (target.kind === "video" && previous) throw videoExists();
      if (sub) await updateSubItem(tx, item.id, sub.id, { [column]: key }, now);
      return { row: await updateItemBumpingVersion(tx, item.id, sub ? {} : { [column]: key }, now), previous };
    });
  } catch (error) {
    await deleteFilesAfterCommit(ctx, [key]);
    throw error;
  }
  await deleteFilesAfterCommit(ctx, [result.previous]);
  return loadItemDto(ctx, property, result.row);
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
  const now = ctx.now();
  const { row, previous } = await ctx.db.transaction(async (tx) => {
    const previous = await lockAndReadCurrent(tx, property, item, sub, target.kind, now);
    if (sub) await updateSubItem(tx, item.id, sub.id, { [column]: null }, now);
    return { row: await updateItemBumpingVersion(tx, item.id, sub ? {} : { [column]: null }, now), previous };
  });
  await deleteFilesAfterCommit(ctx, [previous]);
  return loadItemDto(ctx, property, row);
}
