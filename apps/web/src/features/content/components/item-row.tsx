import { copy } from "@doorstep/shared/copy";
import type { GuideHiddenReason } from "@doorstep/shared/rules/placeholders";
import type { ContentItemSummary } from "@doorstep/shared/schemas/content";
import { imageAtWidth } from "../../../lib/format.ts";

const c = copy.content;

/** An item's thumbnail, title and badges in a category list. */
export function ItemRow({
  item,
  fallbackTitle,
  recommended = false,
  notShown = null,
}: {
  item: ContentItemSummary | null;
  fallbackTitle?: string;
  recommended?: boolean;
  /** Why guests do not see this template item yet (decision 023). */
  notShown?: GuideHiddenReason | null;
}) {
  return (
    <div className="content-row__main">
      {item?.imageUrl ? <img className="content-row__thumb" src={imageAtWidth(item.imageUrl, 120)} alt="" /> : null}
      <div className="content-row__text">
        <span className="content-row__title">{item?.title ?? fallbackTitle}</span>
        <span className="content-row__badges">
          {/* CONT-06/15: a template flagged isRequired is one every guide should have. */}
          {recommended ? <span className="content-badge content-badge--recommended">{c.required}</span> : null}
          {item === null ? <span className="content-badge content-badge--todo">{c.notFilled}</span> : null}
          {item?.featured ? <span className="content-badge">{c.featuredBadge}</span> : null}
          {item?.restricted ? <span className="content-badge">{copy.stayDetails.badge}</span> : null}
          {item?.shared ? <span className="content-badge">{c.sharedBadge}</span> : null}
        </span>
        {notShown ? (
          <span className="content-row__not-shown">
            {notShown === "placeholders" ? c.notShownPlaceholders : c.notShownNothingWritten}
          </span>
        ) : null}
      </div>
    </div>
  );
}
