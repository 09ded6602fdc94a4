import {
  FIRST_CONTENT_VERSION,
  MAX_ITEMS_PER_CATEGORY,
  customContentLabel,
  nextListRank,
} from "@doorstep/shared/rules/content";
import type {
  ContentItemDto,
  CreateContentItemRequest,
  UpdateContentItemRequest,
} from "@doorstep/shared/schemas/content";
import { recordActivity } from "../audit/audit.service.ts";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { sanitizePlainText, sanitizeRichText } from "../../lib/sanitize.ts";
import {
  getOwnedProperty,
  getPropertyWeblinks,
  touchProperties,
  type PropertyWithManager,
} from "../properties/property.service.ts";
import { getCatalogue, toTemplateDto } from "./catalogue.service.ts";
import { applySubItems, applyTranslations } from "./content-save.ts";
import { holdsStayDetail } from "./content-restricted.ts";
import { toItemDto } from "./content.dto.ts";
import {
  categoryStats,
  deleteItem,
  findAttachedPropertyRows,
  findItem,
  findSubItems,
  findTranslations,
  insertItem,
  updateItemAtVersion,
  updateItemBumpingVersion,
  type ItemPatch,
  type ItemRow,
} from "./content.repository.ts";

/** Where an item's files live: under its property's folder, so a property purge removes them (FILE-02, FILE-08). */
export function itemFolder(
  property: Pick<PropertyWithManager, "accountId" | "id" | "isShared">,
  itemId: string,
): string {
  return `accounts/${property.accountId}/properties/${property.id}/${property.isShared ? "shared-content" : "property-content"}/${itemId}`;
}

/** The caller's item on the caller's property, or 404 for anything else (XCUT-15). */
export async function getOwnedItem(ctx: AppContext, caller: Caller, propertyId: string, itemId: string) {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  const item = await findItem(ctx.db, caller.accountId, property.id, itemId);
  if (!item) throw notFound("content-item");
  return { property, item };
}

/** The category of the property's catalogue, or 404; shared pages have no local-area categories (SHARED-03). */
export async function requireCategory(ctx: AppContext, property: PropertyWithManager, categoryLabel: string) {
  const catalogue = await getCatalogue(ctx, property.themeLabel);
  const category = catalogue.categories.find((c) => c.label === categoryLabel);
  if (!category || (property.isShared && category.type === "local-area")) throw notFound("category");
  return { catalogue, category };
}

/** The whole item as the editor shows it. */
export async function loadItemDto(
  ctx: AppContext,
  property: PropertyWithManager,
  item: ItemRow,
): Promise<ContentItemDto> {
  const [translations, subItems, attached, catalogue] = await Promise.all([
    findTranslations(ctx.db, [item.id]),
    findSubItems(ctx.db, [item.id]),
    property.isShared
      ? findAttachedPropertyRows(ctx.db, [item.id]).then((rows) =>
          getPropertyWeblinks(
            ctx,
            rows.map((r) => r.propertyRowId),
          ),
        )
      : Promise.resolve([]),
    item.templateLabel ? getCatalogue(ctx, property.themeLabel) : Promise.resolve(null),
  ]);
  const template = catalogue?.templates.find((t) => t.label === item.templateLabel);
  return toItemDto(item, {
    shared: property.isShared,
    translations,
    subItems,
    template: template ? toTemplateDto(template) : null,
    attachedPropertyIds: attached,
  });
}

export async function getContentItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  itemId: string,
): Promise<ContentItemDto> {
  const { property, item } = await getOwnedItem(ctx, caller, propertyId, itemId);
  return loadItemDto(ctx, property, item);
}

function requireTitle(title: string): string {
  const clean = sanitizePlainText(title);
  if (!clean) throw new AppError("TITLE_IN_ENGLISH_REQUIRED", undefined, { at: ["title"] });
  return clean;
}

/**
 * Deletes files once the transaction that let go of them has committed; storage is not transactional, so a
 * file is never deleted for a save that may still roll back. A failure here is logged, not answered: the save
 * itself has happened, and a leftover file is unreachable (keys are unguessable) until the item's folder goes.
 */
export async function deleteFilesAfterCommit(ctx: AppContext, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of keys) {
    if (key)
      await ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.log.warn({ err, key }, "could not delete a content file"));
  }
}

/**
 * Creates an item with its translations and sub-items in one transaction (CONT-24/30): ContentVersion 1,
 * ListRank last + 1 (CONT-27), label from the template or from the title (CONT-26).
 */
export async function createContentItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  input: CreateContentItemRequest,
): Promise<ContentItemDto> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  const { catalogue, category } = await requireCategory(ctx, property, input.categoryLabel);
  const template = input.templateLabel
    ? catalogue.templates.find((t) => t.label === input.templateLabel && t.categoryLabel === category.label)
    : null;
  if (input.templateLabel && !template) throw notFound("template");
  if (!template && catalogue.categories.some((c) => c.parentLabel === category.label)) {
    throw new AppError("CATEGORY_HAS_SUB_CATEGORIES");
  }
  const title = requireTitle(input.title);
  // A new item has no sub-items to update or delete yet.
  if (input.subItems.some((s) => s.action !== "create")) throw notFound("sub-content-item");
  const now = ctx.now();
  try {
    const item = await ctx.db.transaction(async (tx) => {
      await touchProperties(tx, [property.id], now);
      const stats = await categoryStats(tx, property.id, category.label);
      if (stats.count >= MAX_ITEMS_PER_CATEGORY) throw new AppError("CATEGORY_FULL", { max: MAX_ITEMS_PER_CATEGORY });
      const row = await insertItem(tx, {
        accountId: caller.accountId,
        propertyId: property.id,
        categoryLabel: category.label,
        templateLabel: template?.label ?? null,
        label: template ? template.label : customContentLabel(title, category.label),
        isCustomLabel: !template,
        infoType: template ? "system" : "custom",
        title,
        detailText: sanitizeRichText(input.detailText),
        describe: sanitizePlainText(input.describe),
        locate: sanitizePlainText(input.locate),
        operate: sanitizePlainText(input.operate),
        webLink: input.webLink,
        what3words: input.what3words,
        showWhat3words: input.showWhat3words,
        featured: input.featured,
        restricted: input.restricted || holdsStayDetail(input),
        passwordRestricted: input.passwordRestricted,
        listRank: nextListRank(stats.maxRank === null ? [] : [stats.maxRank]),
        contentVersion: FIRST_CONTENT_VERSION,
        createdAt: now,
        updatedAt: now,
      });
      await applyTranslations(tx, row.id, input.translations, now);
      await applySubItems(tx, row.id, input.subItems, now);
      return row;
    });
    await recordItemActivity(ctx, caller, property, { action: "created", itemId: item.id, title: item.title });
    return loadItemDto(ctx, property, item);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("TEMPLATE_CONTENT_EXISTS");
    throw error;
  }
}

const staleVersion = () => new AppError("CONTENT_CHANGED");

/**
 * Updates the fields sent, translations and sub-items in one transaction; ContentVersion + 1 (CONT-24/25/30).
 * With `expectedVersion`, a save that lost a race to another answers 409 and changes nothing.
 */
export async function updateContentItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  itemId: string,
  input: UpdateContentItemRequest,
): Promise<ContentItemDto> {
  const { property, item } = await getOwnedItem(ctx, caller, propertyId, itemId);
  // Checked early for a quick answer, and again by the update itself for saves racing this one.
  if (input.expectedVersion !== undefined && input.expectedVersion !== item.contentVersion) throw staleVersion();
  const patch: ItemPatch = {};
  if (input.title !== undefined) {
    patch.title = requireTitle(input.title);
    // A custom item's label follows its title; an unchanged title keeps its label (and any suffix).
    if (item.isCustomLabel && patch.title !== item.title)
      patch.label = customContentLabel(patch.title, item.categoryLabel);
  }
  if (input.detailText !== undefined) patch.detailText = sanitizeRichText(input.detailText);
  if (input.describe !== undefined) patch.describe = sanitizePlainText(input.describe);
  if (input.locate !== undefined) patch.locate = sanitizePlainText(input.locate);
  if (input.operate !== undefined) patch.operate = sanitizePlainText(input.operate);
  if (input.webLink !== undefined) patch.webLink = input.webLink;
  if (input.what3words !== undefined) patch.what3words = input.what3words;
  if (input.showWhat3words !== undefined) patch.showWhat3words = input.showWhat3words;
  if (input.featured !== undefined) patch.featured = input.featured;
  if (input.restricted !== undefined) patch.restricted = input.restricted;
  if (input.passwordRestricted !== undefined) patch.passwordRestricted = input.passwordRestricted;
  // A stay detail in the text makes the item restricted, whatever the tick box says.
  if (holdsStayDetail({ ...item, ...patch, translations: input.translations })) patch.restricted = true;
  if (input.listRank !== undefined) patch.listRank = input.listRank;
  const now = ctx.now();
  const { row, orphaned } = await ctx.db.transaction(async (tx) => {
    await touchProperties(tx, [property.id], now);
    const row =
      input.expectedVersion === undefined
        ? await updateItemBumpingVersion(tx, item.id, patch, now)
        : await updateItemAtVersion(tx, item.id, input.expectedVersion, patch, now);
    if (!row) throw staleVersion();
    await applyTranslations(tx, item.id, input.translations ?? [], now);
    const orphaned = await applySubItems(tx, item.id, input.subItems ?? [], now);
    const attached = property.isShared ? await findAttachedPropertyRows(tx, [item.id]) : [];
    await touchProperties(
      tx,
      attached.map((a) => a.propertyRowId),
      now,
    );
    return { row, orphaned };
  });
  await deleteFilesAfterCommit(ctx, orphaned);
  // Decision 058: which item and which fields, not the texts.
  // The editor sends every field: only those whose value changed are named.
  const before = item as unknown as Record<string, unknown>;
  const fields = [
    ...Object.entries(patch)
      .filter(([field, value]) => field !== "label" && field !== "listRank" && value !== before[field])
      .map(([field]) => field),
    ...((input.subItems ?? []).some((s) => s.action !== "update") ? ["subItems"] : []),
  ];
  await recordItemActivity(ctx, caller, property, { action: "updated", itemId: item.id, title: row.title, fields });
  return loadItemDto(ctx, property, row);
}

/** One content change on the activity log (decision 058). */
function recordItemActivity(
  ctx: AppContext,
  caller: Caller,
  property: { id: string; propertyId: string },
  details: { action: "created" | "updated" | "deleted"; itemId: string; title: string; fields?: string[] },
) {
  return recordActivity(ctx, caller, {
    kind: "content-item",
    property: { id: property.id, propertyId: property.propertyId },
    details,
  });
}

/** Deletes an item with its translations, sub-items, links and files (CONT-31, SHARED-13). */
export async function deleteContentItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  itemId: string,
): Promise<void> {
  const { property, item } = await getOwnedItem(ctx, caller, propertyId, itemId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await touchProperties(tx, [property.id], now);
    // A shared item disappears from every property it was attached to: they changed too (HOME-22).
    const attached = await findAttachedPropertyRows(tx, [item.id]);
    await touchProperties(
      tx,
      attached.map((a) => a.propertyRowId),
      now,
    );
    await deleteItem(tx, item.id);
  });
  await recordItemActivity(ctx, caller, property, { action: "deleted", itemId: item.id, title: item.title });
  // Every file of the item, its sub-items and their resized variants lives under the item's folder.
  const folder = `${itemFolder(property, item.id)}/`;
  await ctx.storage
    .deletePrefix(folder)
    .catch((err: unknown) => ctx.log.warn({ err, folder }, "could not delete a content item's files"));
}
