import { hasStayDetail } from "@doorstep/shared/rules/stay-details";

interface ItemTexts {
  detailText?: string | null;
  describe?: string | null;
  locate?: string | null;
  operate?: string | null;
  translations?: {
    detailText?: string | null;
    describe?: string | null;
    locate?: string | null;
    operate?: string | null;
  }[];
}

/**
 * True when an item's text (or a translation's) holds a stay detail: such an item is restricted automatically
 * (decision 042), since the public guide has no stay to fill it from.
 */
export function holdsStayDetail(item: ItemTexts): boolean {
  const texts = [item, ...(item.translations ?? [])].flatMap((t) => [t.detailText, t.describe, t.locate, t.operate]);
  return texts.some(hasStayDetail);
}
