import type { GuideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { englishGuideLabels } from "@doorstep/shared/guide-i18n/english";
import type { CategoryDto } from "@doorstep/shared/schemas/content";
import { createContext, useContext } from "react";

/** The page's labels for the guide's components; the document provides the model's (English by default). */
export const GuideLabelsContext = createContext<GuideLabels>(englishGuideLabels);

/** The labels of the page being rendered, in its language. */
export const useLabels = () => useContext(GuideLabelsContext);

const systemTitles: Readonly<Record<string, string>> = englishGuideLabels.categories;
const translatedTitles = (labels: GuideLabels): Readonly<Record<string, string>> => labels.categories;

/**
 * A category's title in the page's language: a system category still carrying the catalogue's English title
 * shows the catalogue's translation; a title the host wrote (or changed) stays as they wrote it.
 */
export function localCategory(category: CategoryDto, labels: GuideLabels): CategoryDto {
  if (!Object.hasOwn(systemTitles, category.label) || systemTitles[category.label] !== category.title) return category;
  return { ...category, title: translatedTitles(labels)[category.label] ?? category.title };
}
