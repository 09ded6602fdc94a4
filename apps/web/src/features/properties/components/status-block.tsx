import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { LiveBadge } from "../../../components/ui/property-card.tsx";
import { useUpdateProperty } from "../api/update-property.ts";
import { inactiveMessage } from "./inactive-message.ts";

/**
 * Live/Inactive with the reason and its action (PROP-17…20, OPEN-41): subscription ended → "Setup now";
 * hidden (a draft, decision 020) → "Publish"; deactivated → message support.
 */
export function StatusBlock({ property }: { property: PropertyDto }) {
  const update = useUpdateProperty();
  const [failed, setFailed] = useState(false);
  const publish = async () => {
    setFailed(false);
    try {
      await update.mutateAsync({ propertyId: property.propertyId, body: { published: true } });
    } catch {
      setFailed(true);
    }
  };

  const message = inactiveMessage(property.inactiveReason) ?? copy.properties.statusLive;
  let action: React.ReactNode = null;
  switch (property.inactiveReason) {
    case "subscription":
      action = (
        <ButtonLink to="/subscription" size="sm">
          {copy.properties.setupNow}
        </ButtonLink>
      );
      break;
    case "deactivated":
      action = (
        // PROP-20: the host writes to support, not to their own guest inbox.
        <ButtonLink to={`/support?property=${encodeURIComponent(property.propertyId)}`} size="sm" variant="secondary">
          {copy.properties.messageSupport}
        </ButtonLink>
      );
      break;
    case "hidden":
      action = (
        <Button size="sm" onClick={() => void publish()} disabled={update.isPending} busy={update.isPending}>
          {update.isPending ? copy.properties.publishing : copy.properties.publish}
        </Button>
      );
      break;
  }

  return (
    <section
      className={`overview-block status-block status-block--${property.live ? "live" : "inactive"}`}
      aria-labelledby="status-heading"
    >
      <div className="overview-block__head">
        <h2 id="status-heading">{copy.properties.statusHeading}</h2>
        <LiveBadge live={property.live} />
      </div>
      {/* Decision 020: every unpublished property is a draft, new ones from their first second. */}
      {property.inactiveReason === "hidden" ? (
        <p className="status-block__draft">
          <strong>{copy.properties.draft}</strong>
        </p>
      ) : null}
      <p className="status-block__message">{message}</p>
      {action ? <div>{action}</div> : null}
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </section>
  );
}
