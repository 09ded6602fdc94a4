import { randomUUID } from "node:crypto";
import path from "node:path";
import type { AppContext } from "../../app-context.ts";
import {
  clearPropertyContent,
  deletePropertiesContent,
  findAttachedItemIds,
  findItemParts,
  findPropertyItems,
  insertAttachments,
  insertCopiedItem,
} from "./content-copy.repository.ts";
import { itemFolder } from "./content.service.ts";

/** The property rows a copy reads from and writes to (both the caller's, checked by the caller). */
export interface GuideRef {
  id: string;
  accountId: string;
}

/** Copies a stored file into `folder`, keeping its name (which already carries a random part); null stays null. */
async function copyFile(ctx: AppContext, key: string | null, folder: string): Promise<string | null> {
  if (!key) return null;
  const copied = `${folder}/${path.posix.basename(key)}`;
  await ctx.storage.copy(key, copied);
  return copied;
}

const groupBy = <T extends { itemId: string }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.itemId, [...(map.get(row.itemId) ?? []), row]);
  return map;
};

/** Deletes the whole guide content of purged properties (OPEN-39); their files go with their folders. */
export function deleteGuideContent(ctx: AppContext, propertyRowIds: string[]): Promise<void> {
  return deletePropertiesContent(ctx.db, propertyRowIds);
}

/** How many steps copying a guide takes: one per own item, and one for the shared items attached. */
export async function countGuideCopySteps(ctx: AppContext, from: GuideRef): Promise<number> {
  return (await findPropertyItems(ctx.db, from.id)).length + 1;
}

/**
 * Copies a guide's content into another property of the same account (duplicate): every own item
 * with its host translations, sub-items, cached machine translations and media — the files copied in storage,
 * so the two guides never share one — and the shared items attached. The target's content is cleared first,
 * so a copy taken up again after a restart starts over rather than doubling. `progress` is told after each step.
 */
export async function copyGuideContent(
  ctx: AppContext,
  from: GuideRef,
  to: GuideRef,
  progress: (done: number, total: number) => Promise<void>,
): Promise<void> {
  const target = { ...to, isShared: false };
  await clearPropertyContent(ctx.db, to.id);
  await ctx.storage.deletePrefix(`${path.posix.dirname(itemFolder(target, "x"))}/`);

  const items = await findPropertyItems(ctx.db, from.id);
  const parts = await findItemParts(
    ctx.db,
    items.map((item) => item.id),
  );
  const translations = groupBy(parts.translations);
  const subItems = groupBy(parts.subItems);
  const machine = groupBy(parts.machine);
  const total = items.length + 1;
  const now = ctx.now();

  let done = 0;
  for (const item of items) {
    const id = randomUUID();
    const folder = itemFolder(target, id);
    const [imageKey, videoKey, documentKey] = await Promise.all([
      copyFile(ctx, item.imageKey, folder),
      copyFile(ctx, item.videoKey, folder),
      copyFile(ctx, item.documentKey, folder),
    ]);
    const subs = await Promise.all(
      (subItems.get(item.id) ?? []).map(async ({ id: _old, ...sub }) => ({
        ...sub,
        itemId: id,
        imageKey: await copyFile(ctx, sub.imageKey, `${folder}/sub`),
        videoKey: await copyFile(ctx, sub.videoKey, `${folder}/sub`),
        documentKey: await copyFile(ctx, sub.documentKey, `${folder}/sub`),
        createdAt: now,
        updatedAt: now,
      })),
    );
    await insertCopiedItem(
      ctx.db,
      { ...item, id, propertyId: to.id, imageKey, videoKey, documentKey, createdAt: now, updatedAt: now },
      {
        translations: (translations.get(item.id) ?? []).map(({ id: _old, ...row }) => ({
          ...row,
          itemId: id,
          createdAt: now,
          updatedAt: now,
        })),
        subItems: subs,
        machine: (machine.get(item.id) ?? []).map((row) => ({ ...row, itemId: id })),
      },
    );
    done += 1;
    await progress(done, total);
  }

  const attached = await findAttachedItemIds(ctx.db, from.id);
  await insertAttachments(
    ctx.db,
    attached.map((link) => ({ itemId: link.itemId, accountId: link.accountId, propertyId: to.id })),
  );
  await progress(total, total);
}
