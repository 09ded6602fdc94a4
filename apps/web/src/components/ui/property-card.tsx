import { shellCopy } from "@doorstep/shared/copy/shell";
import type { PropertySummary } from "@doorstep/shared/schemas/property";
import { Link } from "./link.tsx";
import { imageAtWidth } from "../../lib/format.ts";
import "./property-card.css";

/** "Live" or "Inactive" by the live rule (PROP-17, HOME-09). */
export function LiveBadge({ live }: { live: boolean }) {
  return (
    <span className={`live-badge live-badge--${live ? "live" : "inactive"}`}>
      {live ? shellCopy.propertyStatus.live : shellCopy.propertyStatus.inactive}
    </span>
  );
}

function HousePlaceholder() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="36"
      height="36"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </svg>
  );
}

/** One property as a card that is a single link to its page (PROP-05, HOME-09); cover at 300 px (FILE-10). */
export function PropertyCard({ property, headingLevel = 3 }: { property: PropertySummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link to={`/property/${encodeURIComponent(property.propertyId)}`} className="property-card">
      <span className="property-card__media">
        {property.coverImageUrl ? (
          <img src={imageAtWidth(property.coverImageUrl, 300)} alt="" loading="lazy" width={300} height={169} />
        ) : (
          <span className="property-card__placeholder">
            <HousePlaceholder />
          </span>
        )}
        <LiveBadge live={property.live} />
      </span>
      <span className="property-card__body">
        <Heading className="property-card__title">{property.title}</Heading>
        <span className="property-card__address">{property.address ?? property.propertyId}</span>
      </span>
    </Link>
  );
}

export function PropertyGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <ul className="property-grid" aria-label={label}>
      {children}
    </ul>
  );
}
