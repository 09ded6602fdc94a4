import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ContentSections } from "../../../components/content-sections.tsx";
import { useContentOverview } from "../../../api/content/get-content-overview.ts";

/** The overview's "Guide content" list: each category with its item count and filled suggestions, linking to its page (CONT-01). */
export function ContentSectionsList({ propertyId }: { propertyId: string }) {
  const overview = useContentOverview(propertyId);
  if (overview.isPending) return <Spinner size={24} />;
  if (overview.isError) return <Alert>{copy.common.genericError}</Alert>;
  const base = `/property/${encodeURIComponent(propertyId)}`;
  return (
    <ContentSections
      look="rows"
      categories={overview.data.categories}
      to={(category) =>
        // LOCAL-01: the local area leads to its recommendations page, which links to the host's own tips.
        category.type === "local-area" ? `${base}/local-area` : `${base}/content/${encodeURIComponent(category.label)}`
      }
    />
  );
}
