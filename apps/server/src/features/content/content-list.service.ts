import type {
  CategoryPageResponse,
  CategoryWithCounts,
  ContentOverviewResponse,
  ReorderContentRequest,
} from "@doorstep/shared/schemas/content";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import {
  getOwnedProperty,
  listAccountGuideLanguages,
  type PropertyWithManager,
  touchProperties,
} from "../properties/property.service.ts";
import { getCatalogue, toCategoryDto, toTemplateDto, type Catalogue } from "./catalogue.service.ts";
import type { CategoryRow } from "./catalogue.repository.ts";
import { countAttachedByCategory, findSharedItemsForProperty } from "./content-links.repository.ts";
import { toItemSummary } from "./content.dto.ts";
import {
  countItemsByCategory,
  findItemsInCategory,
  findSubItems,
  findTemplateItems,
  rewriteRanks,
  type SubItemRow,
} from "./content.repository.ts";
import { requireCategory } from "./content.service.ts";
import { templateItemHiddenReason } from "./template-status.ts";

/**
 * The page's property. A shared item is read on every guide it is attached to, so its editor offers the
 * translation languages of all the account's guides (CONT-18, SHARED-07); the shared property has none.
 */
async function propertyRef(ctx: AppContext, p: PropertyWithManager): Promise<CategoryPageResponse["property"]> {
  return {
    propertyId: p.propertyId,
    title: p.title,
    isShared: p.isShared,
    themeLabel: p.themeLabel,
    languageTranslations: p.isShared ? await listAccountGuideLanguages(ctx, p.accountId) : p.languageTranslations,
  };
}

/** Categories a page may show: shared-content pages hide local-area ones (SHARED-03). */
const visibleCategories = (catalogue: Catalogue, property: PropertyWithManager) =>
  catalogue.categories.filter((c) => !(property.isShared && c.type === "local-area"));

/**
 * Per category, the suggested items (templates of the theme) that are filled: added, and shown to guests. An
 * item still holding its template's placeholders, or nothing but its name, is not filled (decision 023), so
 * "{n} of {m} suggested filled" counts what guests read.
 */
async function countFilledTemplates(
  ctx: AppContext,
  property: PropertyWithManager,
  catalogue: Catalogue,
): Promise<Map<string, number>> {
  const items = await findTemplateItems(ctx.db, property.id);
  const subItems = new Map<string, SubItemRow[]>();
  for (const sub of await findSubItems(
    ctx.db,
    items.map((i) => i.id),
  )) {
    const list = subItems.get(sub.itemId);
    if (list) list.push(sub);
    else subItems.set(sub.itemId, [sub]);
  }
  const templates = new Map(catalogue.templates.map((t) => [t.label, t]));
  const filled = new Map<string, number>();
  for (const item of items) {
    const template = templates.get(item.templateLabel!);
    if (!template || template.categoryLabel !== item.categoryLabel) continue;
    if (templateItemHiddenReason(item, subItems.get(item.id) ?? [], template) !== null) continue;
    filled.set(item.categoryLabel, (filled.get(item.categoryLabel) ?? 0) + 1);
  }
  return filled;
}

async function countsFor(
  ctx: AppContext,
  property: PropertyWithManager,
  catalogue: Catalogue,
  categories: CategoryRow[],
) {
  const [own, attached, filled] = await Promise.all([
    countItemsByCategory(ctx.db, property.id),
    property.isShared ? Promise.resolve([]) : countAttachedByCategory(ctx.db, property.id),
    countFilledTemplates(ctx, property, catalogue),
  ]);
  const items = new Map<string, number>();
  for (const r of own) items.set(r.categoryLabel, r.items);
  for (const r of attached) items.set(r.categoryLabel, (items.get(r.categoryLabel) ?? 0) + r.items);
  const withCounts = (c: CategoryRow): CategoryWithCounts => {
    const itemCount = items.get(c.label) ?? 0;
    const childTotal = categories
      .filter((k) => k.parentLabel === c.label)
      .reduce((n, k) => n + (items.get(k.label) ?? 0), 0);
    return {
      ...toCategoryDto(c),
      itemCount,
      templateCount: catalogue.templates.filter((t) => t.categoryLabel === c.label).length,
      filledTemplateCount: filled.get(c.label) ?? 0,
      totalItemCount: itemCount + childTotal,
    };
  };
  return withCounts;
}

/** The overview's content sections: top-level categories with their sub-categories and filled counts. */
export async function getContentOverview(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
): Promise<ContentOverviewResponse> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  const catalogue = await getCatalogue(ctx, property.themeLabel);
  const categories = visibleCategories(catalogue, property);
  const [withCounts, ref] = await Promise.all([
    countsFor(ctx, property, catalogue, categories),
    propertyRef(ctx, property),
  ]);
  return {
    property: ref,
    categories: categories
      .filter((c) => !c.parentLabel)
      .map((c) => ({
        ...withCounts(c),
        children: categories.filter((k) => k.parentLabel === c.label).map(withCounts),
      })),
  };
}

/** One category page (CONT-01, CONT-12, OPEN-42/43): templates with their item, custom items, shared items. */
export async function getCategoryPage(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  categoryLabel: string,
): Promise<CategoryPageResponse> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  const { catalogue, category } = await requireCategory(ctx, property, categoryLabel);
  const categories = visibleCategories(catalogue, property);
  const [items, shared, withCounts] = await Promise.all([
    findItemsInCategory(ctx.db, property.id, category.label),
    property.isShared
      ? Promise.resolve([])
      : findSharedItemsForProperty(ctx.db, caller.accountId, property.id, category.label),
    countsFor(ctx, property, catalogue, categories),
  ]);
  const ref = await propertyRef(ctx, property);
  const byTemplate = new Map(items.filter((i) => i.templateLabel).map((i) => [i.templateLabel!, i]));
  const parent = category.parentLabel ? categories.find((c) => c.label === category.parentLabel) : undefined;
  const children = categories.filter((c) => c.parentLabel === category.label);
  const templates = catalogue.templates.filter((t) => t.categoryLabel === category.label);
  const templateLabels = new Set(templates.map((t) => t.label));
  const subItems = await findSubItems(
    ctx.db,
    templates.flatMap((t) => byTemplate.get(t.label)?.id ?? []),
  );
  return {
    property: ref,
    category: toCategoryDto(category),
    parent: parent ? toCategoryDto(parent) : null,
    children: children.map(withCounts),
    templates: templates.map((t) => {
      const item = byTemplate.get(t.label);
      return {
        template: toTemplateDto(t),
        item: item ? toItemSummary(item, property.isShared) : null,
        notShown: item
          ? templateItemHiddenReason(
              item,
              subItems.filter((s) => s.itemId === item.id),
              t,
            )
          : null,
      };
    }),
    // Items of a template no longer in the theme's set stay visible as custom items.
    customItems: items
      .filter((i) => !i.templateLabel || !templateLabels.has(i.templateLabel))
      .map((i) => toItemSummary(i, property.isShared)),
    sharedItems: shared.map((s) => ({ item: toItemSummary(s.item, true), attached: s.attached })),
    canAddCustom: children.length === 0,
  };
}

/**
 * Rewrites the ListRank of one list to the order given (CONT-32/34): ids not among the caller's items of
 * that category on that property answer 404; items left out follow in their current order.
 */
export async function reorderContent(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  input: ReorderContentRequest,
): Promise<void> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  await requireCategory(ctx, property, input.categoryLabel);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await touchProperties(tx, [property.id], now);
    const items = await findItemsInCategory(tx, property.id, input.categoryLabel);
    const own = new Set(items.map((i) => i.id));
    const wanted = [...new Set(input.itemIds)];
    if (wanted.some((id) => !own.has(id))) throw notFound("content-item");
    const rest = items.map((i) => i.id).filter((id) => !wanted.includes(id));
    await rewriteRanks(tx, "items", [...wanted, ...rest]);
  });
}
