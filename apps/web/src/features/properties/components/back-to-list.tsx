import { copy } from "@doorstep/shared/copy";
import { Link } from "react-router";
import { propertyListRoute } from "../../../lib/back-route.ts";

/** The back link of create-property and the overview: to / or /properties, whichever list the user came from (PROP-14). */
export function BackToList() {
  const to = propertyListRoute();
  return (
    <Link to={to} className="page-back">
      <span aria-hidden="true">←</span> {to === "/properties" ? copy.properties.backToProperties : copy.common.backToDashboard}
    </Link>
  );
}
