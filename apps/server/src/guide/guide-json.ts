import type { GuideItem, GuideResponse, GuideSectionJson } from "@doorstep/shared/schemas/guide";
import { sanitizeRichText } from "../lib/sanitize.ts";
import { fileUrl } from "../lib/urls.ts";
import type { GuidePageModel, GuideSection, TranslatedItem } from "./guide-model.ts";

const httpOnly = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);
const buttonSafe = (url: string | null) => (url && /^(https?:\/\/|mailto:|tel:)/i.test(url) ? url : null);

function item(i: TranslatedItem): GuideItem {
  return {
    id: i.id,
    title: i.title,
    detailText: sanitizeRichText(i.detailText),
    describe: i.describe,
    locate: i.locate,
    operate: i.operate,
    webLink: httpOnly(i.webLink),
    imageUrl: i.imageUrl,
    videoUrl: i.videoUrl,
    documentUrl: i.documentUrl,
    what3words: i.what3words,
    featured: i.featured,
    restricted: i.restricted,
    passwordRestricted: i.passwordRestricted,
    untranslated: i.titleUntranslated,
    subItems: i.subItems.map((s) => ({ ...s, buttonLink: buttonSafe(s.buttonLink) })),
  };
}

function section(s: GuideSection): GuideSectionJson {
  return {
    label: s.category.label,
    title: s.category.title,
    items: s.items.map(item),
    sections: s.children.map(section),
  };
}

/** The guest-safe JSON of a guide page's model (IMPL-02): what the page shows, nothing more. */
export function toGuideJson(model: GuidePageModel): GuideResponse {
  const theme = model.theme;
  return {
    propertyId: model.propertyId,
    title: model.title,
    coverUrl: model.coverUrl,
    locked: model.kind === "gate",
    language: model.language,
    languages: model.languages,
    theme: {
      primary: theme?.primary ?? "",
      secondary: theme?.secondary ?? "",
      background: theme?.background ?? "",
      brandName: theme?.brandName ?? null,
      logoUrl: fileUrl(theme?.logoKey ?? null),
      iconUrl: fileUrl(theme?.iconKey ?? null),
    },
    displayAddress: model.displayAddress,
    what3words: model.what3words,
    host: model.host,
    sections: model.sections.map(section),
    places: model.places,
    updatedAt: model.updatedAt?.toISOString() ?? null,
  };
}
