import { copy } from "@doorstep/shared/copy";
import { templateFill } from "@doorstep/shared/rules/content";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useContentOverview } from "../../../api/content/get-content-overview.ts";
import "./content-sections-list.css";

/** The overview's "Guide content" list: each category with its item count and filled suggestions, linking to its page (CONT-01). */
export function ContentSectionsList({ propertyId }: { propertyId: string }) {
  const overview = useContentOverview(propertyId);
  if (overview.isPending) return <Spinner size={24} />;
  if (overview.isError) return <Alert>{copy.common.genericError}</Alert>;
  return (
    <ul className="content-sections-list">
      {overview.data.categories.map((category) => {
        const fill = templateFill(category);
        return (
          <li key={category.label}>
            <Link
              to={
                // LOCAL-01: the local area leads to its recommendations page, which links to the host's own tips.
                category.type === "local-area"
                  ? `/property/${encodeURIComponent(propertyId)}/local-area`
                  : `/property/${encodeURIComponent(propertyId)}/content/${encodeURIComponent(category.label)}`
              }
            >
              <span className="content-sections-list__title">{category.title}</span>
              <span className="content-sections-list__count">
                {copy.content.filledCount(category.totalItemCount)}
                {fill.templates > 0 ? (
                  <span className="content-sections-list__fill">
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
