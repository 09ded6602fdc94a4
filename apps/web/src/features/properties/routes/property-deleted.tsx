import { copy } from "@doorstep/shared/copy";
import { DeletedPage } from "../../../components/ui/deleted-page.tsx";

/** /property-deleted (PROP-40, XCUT-14): "Property has been deleted" and the way back to the dashboard. */
export function PropertyDeletedPage() {
  return <DeletedPage type={copy.properties.propertyType} backTo="/" backLabel={copy.common.backToDashboard} />;
}
