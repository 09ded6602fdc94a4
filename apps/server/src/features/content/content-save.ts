import { MAX_SUB_ITEMS } from "@doorstep/shared/rules/content";
import type { SubItemInput, TranslationInput } from "@doorstep/shared/schemas/content";
import type { Db } from "../../db/client.ts";
import type { ErrorReason } from "@doorstep/shared/errors";
import { AppError, notFound, type ErrorArgs } from "../../lib/app-error.ts";
import {
  deleteSubItem,
  deleteTranslation,
  findSubItems,
  insertSubItem,
  rewriteRanks,
  updateSubItem,
  upsertTranslation,
  type NewSubItem,
  type SubItemRow,
} from "./content.repository.ts";
import { sanitizePlainText, sanitizeRichText } from "../../lib/sanitize.ts";

const invalid = <R extends ErrorReason>(path: (string | number)[], reason: R, ...[params]: ErrorArgs<R>) =>
  new AppError(reason, params as never, { at: path });

/** CONT-28: a translation is kept when action is update, or create with a non-blank title or text. */
export async function applyTranslations(tx: Db, itemId: string, inputs: TranslationInput[], at: Date): Promise<void> {
  const seen = new Set<string>();
  for (const [i, t] of inputs.entries()) {
    if (seen.has(t.language)) throw invalid(["translations", i, "language"], "TRANSLATION_REPEATED");
    seen.add(t.language);
    if (t.action === "delete") {
      await deleteTranslation(tx, itemId, t.language);
      continue;
    }
    const fields = {
      title: sanitizePlainText(t.title ?? null),
      detailText: t.detailText ? sanitizeRichText(t.detailText) || null : null,
      describe: sanitizePlainText(t.describe ?? null),
      locate: sanitizePlainText(t.locate ?? null),
      operate: sanitizePlainText(t.operate ?? null),
    };
    if (t.action === "create" && !fields.title && !fields.detailText) continue;
    await upsertTranslation(tx, { itemId, language: t.language, ...fields }, at);
  }
}

type SubItemFields = Omit<Extract<SubItemInput, { action: "create" }>, "action" | "listRank">;

function cleanSubItemFields(input: Partial<SubItemFields>): Partial<NewSubItem> {
  const out: Partial<NewSubItem> = {};
  if (input.type !== undefined) out.type = input.type;
  if (input.detailText !== undefined) out.detailText = sanitizePlainText(input.detailText);
  if (input.buttonLabel !== undefined) out.buttonLabel = sanitizePlainText(input.buttonLabel);
  if (input.buttonLink !== undefined) out.buttonLink = input.buttonLink;
  if (input.internalLinkLabel !== undefined) out.internalLinkLabel = sanitizePlainText(input.internalLinkLabel);
  if (input.internalLink !== undefined) out.internalLink = input.internalLink;
  return out;
}

/** The columns each type of sub-item uses; every other column stays null (CONT-29, OPEN-62). */
const SUB_ITEM_COLUMNS = {
  text: ["detailText"],
  button: ["buttonLabel", "buttonLink"],
  "internal-link": ["internalLinkLabel", "internalLink"],
  image: ["imageKey"],
  video: ["videoKey"],
  pdf: ["documentKey"],
} as const satisfies Record<SubItemRow["type"], readonly (keyof SubItemRow)[]>;
const ALL_SUB_ITEM_COLUMNS = [...new Set(Object.values(SUB_ITEM_COLUMNS).flat())];
const FILE_COLUMNS = ["imageKey", "videoKey", "documentKey"] as const;

/** Nulls the columns another type would use, so a sub-item never keeps a field or a file it cannot show. */
function keepOnlyColumnsOf(type: SubItemRow["type"], fields: Partial<NewSubItem>): Partial<NewSubItem> {
  const own: readonly string[] = SUB_ITEM_COLUMNS[type];
  const out: Partial<NewSubItem> = { ...fields };
  for (const column of ALL_SUB_ITEM_COLUMNS) if (!own.includes(column)) out[column] = null;
  return out;
}

/** What each type of sub-item needs before it can be saved (CONT-29). */
function checkSubItem(state: Partial<NewSubItem>, index: number): void {
  if (state.type === "text" && !state.detailText)
    throw invalid(["subItems", index, "detailText"], "SUB_ITEM_TEXT_REQUIRED");
  if (state.type === "button" && (!state.buttonLabel || !state.buttonLink)) {
    throw invalid(["subItems", index, "buttonLink"], "SUB_ITEM_BUTTON_INCOMPLETE");
  }
  if (state.type === "internal-link" && (!state.internalLinkLabel || !state.internalLink)) {
    throw invalid(["subItems", index, "internalLink"], "SUB_ITEM_LINK_INCOMPLETE");
  }
}

/**
 * Applies each sub-item's create/update/delete action (CONT-29/30) inside the caller's transaction, then
 * renumbers the ranks 1…n. Any failure throws, so the whole save rolls back. Returns the file keys of
 * deleted sub-items, to remove once the transaction has committed.
 */
export async function applySubItems(tx: Db, itemId: string, inputs: SubItemInput[], at: Date): Promise<string[]> {
  if (inputs.length === 0) return [];
  const existing = new Map((await findSubItems(tx, [itemId])).map((row) => [row.id, row]));
  let nextRank = Math.max(0, ...[...existing.values()].map((r) => r.listRank)) + 1;
  const orphanedFiles: string[] = [];
  const touched = new Set<string>();
  for (const [index, input] of inputs.entries()) {
    if (input.action !== "create") {
      if (touched.has(input.id)) throw invalid(["subItems", index, "id"], "SUB_ITEM_REPEATED");
      touched.add(input.id);
    }
    if (input.action === "delete") {
      const removed = await deleteSubItem(tx, itemId, input.id);
      if (!removed) throw notFound("sub-content-item");
      existing.delete(input.id);
      orphanedFiles.push(...[removed.imageKey, removed.videoKey, removed.documentKey].filter((k): k is string => !!k));
      continue;
    }
    const { action: _a, listRank, ...rest } = input;
    const fields = cleanSubItemFields("id" in rest ? (({ id: _id, ...f }) => f)(rest) : rest);
    if (input.action === "create") {
      const clean = keepOnlyColumnsOf(input.type, fields);
      checkSubItem(clean, index);
      await insertSubItem(tx, { ...clean, type: input.type, itemId, listRank: listRank ?? nextRank++ } as NewSubItem);
      continue;
    }
    const current: SubItemRow | undefined = existing.get(input.id);
    if (!current) throw notFound("sub-content-item");
    // A type change empties what the old type held; its file goes once the transaction commits.
    const clean = keepOnlyColumnsOf(fields.type ?? current.type, fields);
    for (const column of FILE_COLUMNS) {
      const key = current[column];
      if (key && clean[column] === null) orphanedFiles.push(key);
    }
    checkSubItem({ ...current, ...clean }, index);
    await updateSubItem(tx, itemId, input.id, { ...clean, ...(listRank !== undefined ? { listRank } : {}) }, at);
  }
  const all = await findSubItems(tx, [itemId]);
  if (all.length > MAX_SUB_ITEMS) throw invalid(["subItems"], "SUB_ITEMS_TOO_MANY", { max: MAX_SUB_ITEMS });
  await rewriteRanks(
    tx,
    "sub-items",
    all.map((r) => r.id),
  );
  return orphanedFiles;
}
