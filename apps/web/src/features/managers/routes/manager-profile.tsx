import { copy } from "@doorstep/shared/copy";
import { useParams } from "react-router";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useManager } from "../api/get-manager.ts";
import { DeleteManager } from "../components/delete-manager.tsx";
import { ManagerAvatar } from "../components/manager-avatar.tsx";
import { ManagerItems } from "../components/manager-items.tsx";
import "./managers.css";

/** /manager-profile/:vanityId (MGR-07…12): editable values, managed properties, delete (not for the default). */
export function ManagerProfilePage() {
  const { vanityId = "" } = useParams();
  const manager = useManager(vanityId);

  if (manager.isPending) return <LoadingScreen />;
  if (manager.isError) {
    return (
      <div className="managers-page managers-page--narrow">
        <BackLink to="/property-managers">{copy.managers.back}</BackLink>
        <h1>{hasErrorCode(manager.error, "NOT_FOUND") ? copy.managers.notFound : copy.common.genericError}</h1>
      </div>
    );
  }
  const m = manager.data;
  return (
    <div className="managers-page managers-page--narrow">
      <BackLink to="/property-managers">{copy.managers.back}</BackLink>
      <div className="page-header manager-profile__head">
        <ManagerAvatar firstName={m.firstName} lastName={m.lastName} photoUrl={m.photoUrl} size={64} />
        <div>
          <h1>
            {m.firstName} {m.lastName}
          </h1>
          {m.isDefault ? <span className="manager-card__default">{copy.managers.defaultLabel}</span> : null}
        </div>
      </div>
      <Card>
        <ManagerItems manager={m} />
      </Card>
      <section className="manager-profile__section" aria-labelledby="managed-properties">
        <h2 id="managed-properties">{copy.managers.managedProperties}</h2>
        {m.properties.length === 0 ? (
          <p className="muted">{copy.managers.noManagedProperties}</p>
        ) : (
          <ul className="manager-properties">
            {m.properties.map((property) => (
              <li key={property.propertyId}>
                <Link to={`/property/${encodeURIComponent(property.propertyId)}`}>{property.title}</Link>
              </li>
            ))}
          </ul>
        )}
        {m.propertyCount > m.properties.length ? (
          <p className="muted">{copy.managers.moreProperties(m.propertyCount - m.properties.length)}</p>
        ) : null}
      </section>
      {m.isDefault ? null : (
        <section className="manager-profile__section">
          <DeleteManager vanityId={m.vanityId} />
        </section>
      )}
      {manager.isRefetchError ? <Alert>{copy.common.genericError}</Alert> : null}
    </div>
  );
}
