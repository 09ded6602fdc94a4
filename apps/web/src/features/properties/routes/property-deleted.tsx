import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import "./property-pages.css";

/** /property-deleted (PROP-40, XCUT-14): "Property has been deleted" and the way back to the dashboard. */
export function PropertyDeletedPage() {
  return (
    <div className="narrow-page deleted-page">
      <div className="deleted-page__mark" aria-hidden="true">
        ✓
      </div>
      <h1>{copy.deleted.title(copy.properties.propertyType)}</h1>
      <ButtonLink to="/">{copy.common.backToDashboard}</ButtonLink>
    </div>
  );
}
