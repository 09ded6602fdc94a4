import { shellCopy } from "@doorstep/shared/copy/shell";
import { RECENT_PROPERTIES_COUNT } from "@doorstep/shared/constants";
import { useEffect } from "react";
import { Link } from "../../../components/ui/link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { PropertyCard, PropertyGrid } from "../../../components/ui/property-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { rememberPropertyListRoute } from "../../../lib/back-route.ts";
import { useRecentProperties } from "../api/get-recent-properties.ts";

/** "Recently Modified Properties" (HOME-08…12): up to 4 tiles, "View all ({count})" beyond that, the create link. */
export function RecentProperties({ canCreate = true }: { canCreate?: boolean }) {
  const recent = useRecentProperties();
  useEffect(() => rememberPropertyListRoute("/"), []);
  const total = recent.data?.total ?? 0;

  return (
    <section className="home-section" aria-labelledby="home-recent">
      <div className="home-section__head">
        <h2 id="home-recent">{shellCopy.home.recentProperties}</h2>
        <div className="home-section__actions">
          {total > RECENT_PROPERTIES_COUNT ? <Link to="/properties">{shellCopy.home.viewAll(total)}</Link> : null}
          {/* Creating a property is for owners and admins (decision 056). */}
          {canCreate ? (
            <ButtonLink to="/create-property" size="sm">
              {shellCopy.home.createNewProperty}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {recent.isPending ? (
        <div className="home-section__loading" role="status">
          <Spinner size={28} />
          <span className="visually-hidden">{shellCopy.common.loading}</span>
        </div>
      ) : recent.isError ? (
        <Alert>{shellCopy.common.genericError}</Alert>
      ) : recent.data.items.length === 0 ? (
        <EmptyState>{shellCopy.home.noProperties}</EmptyState>
      ) : (
        <PropertyGrid label={shellCopy.home.recentProperties}>
          {recent.data.items.map((property) => (
            <li key={property.propertyId}>
              <PropertyCard property={property} />
            </li>
          ))}
        </PropertyGrid>
      )}
    </section>
  );
}
