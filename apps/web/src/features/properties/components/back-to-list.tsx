import { copy } from "@doorstep/shared/copy";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { propertyListRoute } from "../../../lib/back-route.ts";

/** The back link of create-property and the overview: to / or /properties, whichever list the user came from (PROP-14). */
export function BackToList() {
  const to = propertyListRoute();
  return (
    <BackLink to={to}>{to === "/properties" ? copy.properties.backToProperties : copy.common.backToDashboard}</BackLink>
  );
}
