import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";

/** What stops a property being live, in the words of PROP-18…20 and OPEN-41; null when it is live. */
export function inactiveMessage(reason: PropertyDto["inactiveReason"]): string | null {
  switch (reason) {
    case "subscription":
      return copy.properties.subscriptionEnded;
    case "deactivated":
      return copy.properties.deactivated;
    case "hidden":
      return copy.properties.hidden;
    default:
      return null;
  }
}
