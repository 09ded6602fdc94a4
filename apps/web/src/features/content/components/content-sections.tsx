import { copy } from "@doorstep/shared/copy";
import { templateFill } from "@doorstep/shared/rules/content";
import type { ContentOverviewResponse } from "@doorstep/shared/schemas/content";
import { Link } from "../../../components/ui/link.tsx";

/** The categories of a guide with their item counts and filled suggestions, each linking to its page. */
export function ContentSections({
  categories,
  base,
}: {
  categories: ContentOverviewResponse["categories"];
  base: string;
}) {
  return (
    <ul className="content-sections">
      {categories.map((category) => {
        const fill = templateFill(category);
        return (
          <li key={category.label}>
            <Link className="content-section" to={`${base}/content/${encodeURIComponent(category.label)}`}>
              <span className="content-section__title">{category.title}</span>
              <span className="content-section__count">
                {copy.content.filledCount(category.totalItemCount)}
                {fill.templates > 0 ? (
                  <span className="content-section__fill">
                    {copy.content.templatesFilled(fill.filled, fill.templates)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
