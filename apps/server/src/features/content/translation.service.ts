import { DEFAULT_LANGUAGE } from "@doorstep/shared/constants";
import type { TemplateSample } from "@doorstep/shared/rules/placeholders";
import type { CategoryDto, SubItemDto } from "@doorstep/shared/schemas/content";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { sanitizePlainText, sanitizeRichText } from "../../lib/sanitize.ts";
import { fileUrl } from "../../lib/urls.ts";
import type { TranslationProvider } from "../../providers/translate/translation-provider.ts";
import { getCatalogue, toCategoryDto } from "./catalogue.service.ts";
import { findAttachedItems } from "./content-links.repository.ts";
import { toSubItemDto } from "./content.dto.ts";
import { getGuideSettings } from "../properties/property.service.ts";
import { findItemsOfProperties, findSubItems, type ItemRow, type SubItemRow } from "./content.repository.ts";
import { findCachedTranslations, findHostTranslations, insertCachedTranslations } from "./translation.repository.ts";
import { templateSample } from "./template-status.ts";
import { waitAtMost } from "../../lib/wait-at-most.ts";

/** Where a guest-facing item's words came from. */
export type TranslationSource = "original" | "host" | "machine" | "untranslated";

export interface TranslatedItem {
  id: string;
  categoryLabel: string;
  label: string;
  title: string;
  /** The English title, whatever the page's language: a template item's name is compared with it. */
  englishTitle: string;
  /** The suggestion the item was made from (its name and sample texts), null for a custom item (decision 023). */
  template: TemplateSample | null;
  detailText: string;
  /** The English rich text: what language-independent readers (the Wi-Fi details) parse. */
  englishDetailText: string;
  describe: string | null;
  locate: string | null;
  operate: string | null;
  webLink: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  documentUrl: string | null;
  what3words: string | null;
  featured: boolean;
  /**
   * For booked guests only (decision 042). On a guide page's model it means "held back here": the guide masks
   * such an item (title only) unless the page is a stay's during the stay, where it is filled in and cleared.
   */
  restricted: boolean;
  /** On a stay's guide during the stay: a restricted item shown in full until this instant (ISO, decision 043). */
  held?: string;
  /** The Wi-Fi password held back on a page's model, as `restricted` is for a whole item (decision 046). */
  passwordRestricted: boolean;
  listRank: number;
  shared: boolean;
  subItems: SubItemDto[];
  source: TranslationSource;
  /** The title is shown in English for want of a translation: the guide marks the item (OPEN-44). */
  titleUntranslated: boolean;
  /**
   * The fields shown in English for want of a translation ("title", "detailText", "describe", "locate",
   * "operate", "sub:{id}:{field}"): the guide marks each `lang="en"` so screen readers switch voice.
   */
  untranslatedFields: string[];
}

export interface GuideContent {
  language: string;
  categories: CategoryDto[];
  items: TranslatedItem[];
}

const ITEM_TEXT = ["title", "describe", "locate", "operate"] as const;
const SUB_TEXT = ["detailText", "buttonLabel", "internalLinkLabel"] as const;

/** Every translatable English string of an item, keyed as the cache stores them. */
function sourceFields(item: ItemRow, subs: SubItemRow[]): { text: Map<string, string>; html: Map<string, string> } {
  const text = new Map<string, string>();
  const html = new Map<string, string>();
  for (const f of ITEM_TEXT) if (item[f]) text.set(f, item[f]!);
  if (item.detailText) html.set("detailText", item.detailText);
  for (const s of subs) for (const f of SUB_TEXT) if (s[f]) text.set(`sub:${s.id}:${f}`, s[f]!);
  return { text, html };
}

/** Machine-translates the items missing from the cache in one or two provider calls; null on failure. */
async function translateMissing(
  ctx: AppContext,
  provider: TranslationProvider,
  language: string,
  missing: { item: ItemRow; fields: ReturnType<typeof sourceFields> }[],
): Promise<Map<string, Record<string, string>> | null> {
  const out = new Map<string, Record<string, string>>(missing.map((m) => [m.item.id, {}]));
  try {
    for (const format of ["text", "html"] as const) {
      const entries = missing.flatMap((m) =>
        [...m.fields[format]].map(([key, value]) => ({ id: m.item.id, key, value })),
      );
      if (entries.length === 0) continue;
      const translated = await provider.translate(
        entries.map((e) => e.value),
        language,
        format,
      );
      // Provider output is untrusted input: clean it exactly like the host's.
      entries.forEach(
        (e, i) =>
          (out.get(e.id)![e.key] =
            format === "html" ? sanitizeRichText(translated[i]!) : (sanitizePlainText(translated[i]!) ?? "")),
      );
    }
  } catch (err) {
    ctx.log.warn({ err, provider: provider.kind }, "machine translation failed; showing English");
    return null;
  }
  await insertCachedTranslations(
    ctx.db,
    missing.map((m) => ({
      itemId: m.item.id,
      contentVersion: m.item.contentVersion,
      language,
      provider: provider.kind,
      fields: out.get(m.item.id)!,
    })),
  );
  return out;
}

// Guests opening the same guide together share one provider call; a provider that just failed for a
// language is left alone a minute (per provider instance, on the app's clock).
interface ProviderState {
  inFlight: Map<string, Promise<Map<string, Record<string, string>> | null>>;
  failedAt: Map<string, number>;
}
const providerStates = new WeakMap<TranslationProvider, ProviderState>();
const RETRY_AFTER_FAILURE_MS = 60_000;

function translateOnce(
  ctx: AppContext,
  provider: TranslationProvider,
  language: string,
  missing: { item: ItemRow; fields: ReturnType<typeof sourceFields> }[],
): Promise<Map<string, Record<string, string>> | null> {
  let state = providerStates.get(provider);
  if (!state) providerStates.set(provider, (state = { inFlight: new Map(), failedAt: new Map() }));
  const { inFlight, failedAt } = state;
  const now = ctx.now().getTime();
  const failed = failedAt.get(language);
  if (failed !== undefined && now - failed < RETRY_AFTER_FAILURE_MS) return Promise.resolve(null);
  const key = `${language}|${missing.map((m) => `${m.item.id}@${m.item.contentVersion}`).join(",")}`;
  const running = inFlight.get(key);
  if (running) return running;
  const pending = translateMissing(ctx, provider, language, missing)
    .then((result) => {
      if (result === null) failedAt.set(language, now);
      else failedAt.delete(language);
      return result;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, pending);
  return pending;
}

/**
 * The guide's content of a property in a language (CONT-18, IMPL-10, OPEN-44): own and attached shared
 * items of displayable categories; host translations win field by field, blank fields come from the
 * machine translation cached per (item, ContentVersion, language), else the English text marked untranslated.
 */
export interface TranslatedContentOptions {
  /**
   * How long to wait for machine translation of uncached fields. The guest guide passes a short budget so a
   * slow provider never holds the page (GUIDE-09); the translation finishes in the background, is cached, and
   * the next view shows it. Default: wait for it.
   */
  maxWaitMs?: number;
  /** Called when a translation the call did not wait for arrives (the guide purges its cached pages). */
  onLate?: () => void;
}

export async function getTranslatedContent(
  ctx: AppContext,
  propertyRowId: string,
  language: string,
  options: TranslatedContentOptions = {},
): Promise<GuideContent> {
  const property = await getGuideSettings(ctx, propertyRowId);
  if (!property) throw notFound("property");
  const catalogue = await getCatalogue(ctx, property.themeLabel);
  const visible = new Set(catalogue.categories.map((c) => c.label));
  const samples = new Map(catalogue.templates.map((t) => [t.label, templateSample(t)]));
  const [own, attached] = await Promise.all([
    findItemsOfProperties(ctx.db, [property.id]),
    findAttachedItems(ctx.db, property.id),
  ]);
  const items = [
    ...own.map((i) => ({ row: i, shared: property.isShared })),
    ...attached.map((i) => ({ row: i, shared: true })),
  ].filter((i) => visible.has(i.row.categoryLabel));
  const ids = items.map((i) => i.row.id);
  const subs = await findSubItems(ctx.db, ids);
  const subsOf = (id: string) => subs.filter((s) => s.itemId === id);
  const english = language === DEFAULT_LANGUAGE;
  const [host, cached] = english
    ? [[], []]
    : await Promise.all([findHostTranslations(ctx.db, ids, language), findCachedTranslations(ctx.db, ids, language)]);
  const machine = new Map<string, Record<string, string>>();
  for (const c of cached)
    if (items.some((i) => i.row.id === c.itemId && i.row.contentVersion === c.contentVersion))
      machine.set(c.itemId, c.fields);
  const provider = ctx.translator;
  if (!english && provider.configured) {
    const missing = items
      .filter((i) => !machine.has(i.row.id))
      .map((i) => ({ item: i.row, fields: sourceFields(i.row, subsOf(i.row.id)) }));
    if (missing.length > 0) {
      const pending = translateOnce(ctx, provider, language, missing);
      const translated = await waitAtMost(pending, options.maxWaitMs, options.onLate);
      for (const [id, fields] of translated ?? []) machine.set(id, fields);
    }
  }
  return {
    language,
    categories: catalogue.categories.map(toCategoryDto),
    items: items.map(({ row, shared }) => {
      const mine = host.find((h) => h.itemId === row.id);
      const auto = machine.get(row.id);
      let source: TranslationSource = english ? "original" : "host";
      const untranslatedFields: string[] = [];
      const pick = (key: string, english: string | null, hostValue: string | null | undefined): string | null => {
        if (!english || source === "original") return english;
        if (hostValue) return hostValue;
        if (auto?.[key]) {
          if (source === "host") source = "machine";
          return auto[key]!;
        }
        source = "untranslated";
        untranslatedFields.push(key);
        return english;
      };
      const title = pick("title", row.title, mine?.title) ?? row.title;
      // `pick` may have changed `source` (TypeScript cannot see through the closure).
      const titleUntranslated = (source as TranslationSource) === "untranslated";
      return {
        id: row.id,
        categoryLabel: row.categoryLabel,
        label: row.label,
        title,
        englishTitle: row.title,
        template: row.templateLabel ? (samples.get(row.templateLabel) ?? null) : null,
        titleUntranslated,
        detailText: pick("detailText", row.detailText, mine?.detailText) ?? "",
        englishDetailText: row.detailText ?? "",
        describe: pick("describe", row.describe, mine?.describe),
        locate: pick("locate", row.locate, mine?.locate),
        operate: pick("operate", row.operate, mine?.operate),
        webLink: row.webLink,
        imageUrl: fileUrl(row.imageKey),
        videoUrl: fileUrl(row.videoKey),
        documentUrl: fileUrl(row.documentKey),
        what3words: row.showWhat3words ? row.what3words : null,
        featured: row.featured,
        restricted: row.restricted,
        passwordRestricted: row.passwordRestricted,
        listRank: row.listRank,
        shared,
        subItems: subsOf(row.id).map((s) => {
          const dto = toSubItemDto(s);
          for (const f of SUB_TEXT) dto[f] = pick(`sub:${s.id}:${f}`, s[f], null);
          return dto;
        }),
        source,
        untranslatedFields,
      };
    }),
  };
}
