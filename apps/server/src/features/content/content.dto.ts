import type {
  ContentItemDto,
  ContentItemSummary,
  SubItemDto,
  TemplateDto,
  TranslationDto,
} from "@doorstep/shared/schemas/content";
import { fileUrl } from "../../lib/urls.ts";
import type { ItemRow, SubItemRow, TranslationRow } from "./content.repository.ts";

export function toItemSummary(row: ItemRow, shared: boolean): ContentItemSummary {
  return {
    id: row.id,
    label: row.label,
    isCustomLabel: row.isCustomLabel,
    title: row.title,
    categoryLabel: row.categoryLabel,
    templateLabel: row.templateLabel,
    infoType: row.infoType,
    featured: row.featured,
    restricted: row.restricted,
    passwordRestricted: row.passwordRestricted,
    listRank: row.listRank,
    contentVersion: row.contentVersion,
    imageUrl: fileUrl(row.imageKey),
    hasVideo: row.videoKey !== null,
    hasDocument: row.documentKey !== null,
    shared,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSubItemDto(row: SubItemRow): SubItemDto {
  return {
    id: row.id,
    type: row.type,
    listRank: row.listRank,
    detailText: row.detailText,
    buttonLabel: row.buttonLabel,
    buttonLink: row.buttonLink,
    internalLinkLabel: row.internalLinkLabel,
    internalLink: row.internalLink,
    imageUrl: fileUrl(row.imageKey),
    videoUrl: fileUrl(row.videoKey),
    documentUrl: fileUrl(row.documentKey),
  };
}

export function toTranslationDto(row: TranslationRow): TranslationDto {
  return {
    language: row.language,
    title: row.title,
    detailText: row.detailText,
    describe: row.describe,
    locate: row.locate,
    operate: row.operate,
  };
}

export function toItemDto(
  row: ItemRow,
  parts: {
    shared: boolean;
    translations: TranslationRow[];
    subItems: SubItemRow[];
    template: TemplateDto | null;
    attachedPropertyIds: string[];
  },
): ContentItemDto {
  return {
    ...toItemSummary(row, parts.shared),
    detailText: row.detailText,
    describe: row.describe,
    locate: row.locate,
    operate: row.operate,
    webLink: row.webLink,
    videoUrl: fileUrl(row.videoKey),
    documentUrl: fileUrl(row.documentKey),
    what3words: row.what3words,
    showWhat3words: row.showWhat3words,
    translations: parts.translations.map(toTranslationDto),
    subItems: parts.subItems.map(toSubItemDto),
    template: parts.template,
    attachedPropertyIds: parts.attachedPropertyIds,
  };
}
