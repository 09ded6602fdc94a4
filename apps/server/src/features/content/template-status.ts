import { guideHiddenReason, type GuideHiddenReason, type TemplateSample } from "@doorstep/shared/rules/placeholders";
import type { TemplateRow } from "./catalogue.repository.ts";
import type { ItemRow, SubItemRow } from "./content.repository.ts";

/** A template's name and sample texts: what its items must not still hold to reach guests (decision 023). */
export function templateSample(t: TemplateRow): TemplateSample {
  return {
    title: t.defaultTitle,
    detailText: t.defaultText,
    describe: t.defaultDescribe,
    locate: t.defaultLocate,
    operate: t.defaultOperate,
    webLink: t.defaultWebLink,
  };
}

/** Why the guide leaves a stored template item out (in English, the host's own language), null if it shows it. */
export function templateItemHiddenReason(
  item: ItemRow,
  subItems: SubItemRow[],
  template: TemplateRow,
): GuideHiddenReason | null {
  return guideHiddenReason(
    {
      title: item.title,
      detailText: item.detailText,
      describe: item.describe,
      locate: item.locate,
      operate: item.operate,
      webLink: item.webLink,
      subItemTexts: subItems.flatMap((s) => [s.detailText, s.buttonLabel, s.internalLinkLabel]),
      hasMediaOrSubItems:
        item.imageKey !== null || item.videoKey !== null || item.documentKey !== null || subItems.length > 0,
    },
    templateSample(template),
  );
}
