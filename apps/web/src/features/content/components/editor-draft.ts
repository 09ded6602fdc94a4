import { isLanguageCode } from "@doorstep/shared/languages";
import type { MediaKind, SubItemType } from "@doorstep/shared/rules/content";
import type {
  ContentItemDto,
  CreateContentItemRequest,
  SubItemInput,
  TemplateDto,
  TranslationInput,
  UpdateContentItemRequest,
} from "@doorstep/shared/schemas/content";

/** A file field of the draft: the stored URL, a chosen file to upload on save, or the stored file marked for removal (CONT-23). */
export interface MediaDraft {
  url: string | null;
  file: File | null;
  remove: boolean;
}

export interface TextsDraft {
  title: string;
  detailText: string;
  describe: string;
  locate: string;
  operate: string;
}

export interface TranslationDraft extends TextsDraft {
  /** A host translation already stored for this language. */
  stored: boolean;
}

export interface SubItemDraft {
  /** Stable React key; the server id once stored. */
  key: string;
  id: string | null;
  type: SubItemType;
  detailText: string;
  buttonLabel: string;
  buttonLink: string;
  internalLinkLabel: string;
  internalLink: string;
  media: MediaDraft;
}

export interface ItemDraft {
  en: TextsDraft;
  translations: Record<string, TranslationDraft>;
  webLink: string;
  what3words: string;
  showWhat3words: boolean;
  featured: boolean;
  restricted: boolean;
  /** The Wi-Fi item's password only for booked guests (decision 046). */
  passwordRestricted: boolean;
  image: MediaDraft;
  video: MediaDraft;
  document: MediaDraft;
  subItems: SubItemDraft[];
  /** Stored sub-items the host deleted; sent as delete actions. */
  deletedSubItemIds: string[];
}

const blankTexts = (): TextsDraft => ({ title: "", detailText: "", describe: "", locate: "", operate: "" });
const media = (url: string | null): MediaDraft => ({ url, file: null, remove: false });

/** The media endpoint's kind for a sub-item type that carries a file. */
export function subItemMediaKind(type: SubItemType): MediaKind | null {
  if (type === "image") return "image";
  if (type === "video") return "video";
  if (type === "pdf") return "document";
  return null;
}

function translationsFor(
  languages: readonly string[],
  stored: ContentItemDto["translations"],
): Record<string, TranslationDraft> {
  const result: Record<string, TranslationDraft> = {};
  for (const language of languages) {
    const t = stored.find((s) => s.language === language);
    result[language] = t
      ? {
          stored: true,
          title: t.title ?? "",
          detailText: t.detailText ?? "",
          describe: t.describe ?? "",
          locate: t.locate ?? "",
          operate: t.operate ?? "",
        }
      : { stored: false, ...blankTexts() };
  }
  return result;
}

/** The editor's draft of a stored item. */
export function draftFromItem(item: ContentItemDto, languages: readonly string[]): ItemDraft {
  return {
    en: {
      title: item.title,
      detailText: item.detailText,
      describe: item.describe ?? "",
      locate: item.locate ?? "",
      operate: item.operate ?? "",
    },
    translations: translationsFor(languages, item.translations),
    webLink: item.webLink ?? "",
    what3words: item.what3words ?? "",
    showWhat3words: item.showWhat3words,
    featured: item.featured,
    restricted: item.restricted,
    passwordRestricted: item.passwordRestricted,
    image: media(item.imageUrl),
    video: media(item.videoUrl),
    document: media(item.documentUrl),
    subItems: item.subItems.map((s) => ({
      key: s.id,
      id: s.id,
      type: s.type,
      detailText: s.detailText ?? "",
      buttonLabel: s.buttonLabel ?? "",
      buttonLink: s.buttonLink ?? "",
      internalLinkLabel: s.internalLinkLabel ?? "",
      internalLink: s.internalLink ?? "",
      media: media(s.imageUrl ?? s.videoUrl ?? s.documentUrl),
    })),
    deletedSubItemIds: [],
  };
}

/**
 * A new item: blank, or "Add" on a template (CONT-35). Only the template's name pre-fills the title; its sample
 * text is shown as a grey example in each field and never becomes the item's value (decision 023).
 */
export function draftFromTemplate(template: TemplateDto | null, languages: readonly string[]): ItemDraft {
  return {
    en: { ...blankTexts(), title: template?.defaults.title ?? "" },
    translations: translationsFor(languages, []),
    webLink: "",
    what3words: "",
    showWhat3words: false,
    featured: false,
    restricted: false,
    passwordRestricted: false,
    image: media(null),
    video: media(null),
    document: media(null),
    subItems: [],
    deletedSubItemIds: [],
  };
}

export function newSubItem(type: SubItemType): SubItemDraft {
  return {
    key: `new-${Math.random().toString(36).slice(2)}`,
    id: null,
    type,
    detailText: "",
    buttonLabel: "",
    buttonLink: "",
    internalLinkLabel: "",
    internalLink: "",
    media: media(null),
  };
}

/** A comparable snapshot: files count by name, size and date, so choosing one makes the draft dirty (CONT-16). */
export function snapshot(draft: ItemDraft): string {
  return JSON.stringify(draft, (_key, value: unknown) =>
    value instanceof File ? { name: value.name, size: value.size, modified: value.lastModified } : value,
  );
}

const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

/** TipTap writes an empty document as an empty paragraph; blank rich text is stored as "". */
export function normaliseRichText(html: string): string {
  return html.replace(/^<p><\/p>$/, "").trim();
}

function isBlank(t: TextsDraft): boolean {
  return [t.title, normaliseRichText(t.detailText), t.describe, t.locate, t.operate].every((v) => v.trim() === "");
}

/** CONT-28: create only a non-blank translation; an emptied stored one is deleted so the automatic one shows again. */
export function translationActions(draft: ItemDraft): TranslationInput[] {
  const actions: TranslationInput[] = [];
  for (const [language, t] of Object.entries(draft.translations)) {
    if (!isLanguageCode(language) || language === "en") continue;
    const fields = {
      title: orNull(t.title),
      detailText: normaliseRichText(t.detailText) || null,
      describe: orNull(t.describe),
      locate: orNull(t.locate),
      operate: orNull(t.operate),
    };
    if (t.stored) actions.push(isBlank(t) ? { language, action: "delete" } : { language, action: "update", ...fields });
    else if (!isBlank(t)) actions.push({ language, action: "create", ...fields });
  }
  return actions;
}

/** CONT-29: every sub-item with its action; ranks follow the draft's order. */
export function subItemActions(draft: ItemDraft): SubItemInput[] {
  const deletes: SubItemInput[] = draft.deletedSubItemIds.map((id) => ({ action: "delete", id }));
  const rest = draft.subItems.map((s, index): SubItemInput => {
    const fields = {
      type: s.type,
      listRank: index + 1,
      detailText: s.type === "text" ? orNull(s.detailText) : null,
      buttonLabel: s.type === "button" ? orNull(s.buttonLabel) : null,
      buttonLink: s.type === "button" ? orNull(s.buttonLink) : null,
      internalLinkLabel: s.type === "internal-link" ? orNull(s.internalLinkLabel) : null,
      internalLink: s.type === "internal-link" ? orNull(s.internalLink) : null,
    };
    return s.id ? { action: "update", id: s.id, ...fields } : { action: "create", ...fields };
  });
  return [...deletes, ...rest];
}

function itemFields(draft: ItemDraft) {
  return {
    title: draft.en.title.trim(),
    detailText: normaliseRichText(draft.en.detailText),
    describe: orNull(draft.en.describe),
    locate: orNull(draft.en.locate),
    operate: orNull(draft.en.operate),
    webLink: orNull(draft.webLink),
    what3words: orNull(draft.what3words),
    showWhat3words: draft.showWhat3words,
    featured: draft.featured,
    restricted: draft.restricted,
    passwordRestricted: draft.passwordRestricted,
    translations: translationActions(draft),
    subItems: subItemActions(draft),
  };
}

export function createRequest(
  draft: ItemDraft,
  categoryLabel: string,
  templateLabel: string | null,
): CreateContentItemRequest {
  return { categoryLabel, templateLabel, ...itemFields(draft) };
}

export function updateRequest(draft: ItemDraft, expectedVersion: number): UpdateContentItemRequest {
  return { ...itemFields(draft), expectedVersion };
}

/**
 * After the item itself is saved: the fresh draft from the server's answer, keeping the files still to
 * upload or remove (new sub-items are matched by position, the rank the save sent).
 */
export function rebaseDraft(saved: ContentItemDto, languages: readonly string[], previous: ItemDraft): ItemDraft {
  const next = draftFromItem(saved, languages);
  const keep = (fresh: MediaDraft, old: MediaDraft): MediaDraft => ({
    ...fresh,
    file: old.file,
    remove: old.remove && fresh.url !== null,
  });
  next.image = keep(next.image, previous.image);
  next.video = keep(next.video, previous.video);
  next.document = keep(next.document, previous.document);
  next.subItems = next.subItems.map((s, index) => {
    const old = previous.subItems[index];
    return old && old.type === s.type ? { ...s, key: old.key, media: keep(s.media, old.media) } : s;
  });
  return next;
}

/** True when the draft still has files to send. */
export function hasPendingMedia(draft: ItemDraft): boolean {
  const pending = (m: MediaDraft) => m.file !== null || m.remove;
  return (
    pending(draft.image) ||
    pending(draft.video) ||
    pending(draft.document) ||
    draft.subItems.some((s) => pending(s.media))
  );
}
