/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit: tsx (esbuild) runs the server from the repository root, whose tsconfig has no "jsx" setting.
import { copy } from "@doorstep/shared/copy";
import type { PlaceCategory } from "@doorstep/shared/rules/local-area";
import type { GuidePlace, GuidePlaceGroup } from "@doorstep/shared/schemas/guide";
import { useLabels } from "./guide-labels.ts";
import type { GuideMap, GuidePageModel } from "./guide-model.ts";
import { Picture } from "./guide-sections.tsx";

/** The section's anchor (the table of contents links to it) and each place's (the map's popups link there). */
export const PLACES_ANCHOR = "places";
export const placeAnchor = (id: string) => `p-${id}`;
const groupAnchor = (label: string) => `places-${label}`;

function Place({ place }: { place: GuidePlace }) {
  const t = useLabels().places;
  const pinned = place.lat !== null && place.lng !== null;
  return (
    <article
      className="item place"
      id={placeAnchor(place.id)}
      // LOCAL-12: only a place with a pin is on the map.
      data-lat={pinned ? String(place.lat) : undefined}
      data-lng={pinned ? String(place.lng) : undefined}
    >
      {place.imageUrl ? <Picture url={place.imageUrl} alt="" /> : null}
      <h4>{place.title}</h4>
      {place.rating !== null ? (
        <p className="rating">
          <span aria-hidden="true">★ </span>
          {t.rating(place.rating)}
        </p>
      ) : null}
      {/* Plain text as the host wrote it: React escapes it; line breaks are kept by the stylesheet. */}
      {place.detailText ? (
        <p className="ptext" lang={place.untranslated ? "en" : undefined}>
          {place.detailText}
        </p>
      ) : null}
      {place.address ? <p className="paddr">{place.address}</p> : null}
      <p className="pacts">
        {place.directionsUrl ? (
          <a className="btn" href={place.directionsUrl} target="_blank" rel="noopener">
            {t.directions}
          </a>
        ) : null}
        {place.telUrl && place.phone ? (
          <a className="btn alt" href={place.telUrl}>
            {t.call(place.phone)}
          </a>
        ) : null}
        {place.webLink ? (
          <a className="btn alt" href={place.webLink} target="_blank" rel="noopener noreferrer nofollow">
            {t.website}
          </a>
        ) : null}
      </p>
    </article>
  );
}

function Group({ group }: { group: GuidePlaceGroup }) {
  const meta = copy.localArea.categories[group.label as PlaceCategory];
  const headingId = `${groupAnchor(group.label)}-h`;
  return (
    <section className="pcat" id={groupAnchor(group.label)} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {meta ? <span aria-hidden="true">{`${meta.icon} `}</span> : null}
        {group.title}
      </h3>
      {group.places.map((place) => (
        <Place key={place.id} place={place} />
      ))}
    </section>
  );
}

/**
 * The map's place (GUIDE-15): the button is hidden until the guide's script shows it, so a guest without
 * JavaScript never meets a button that does nothing; the script loads Leaflet from the data attributes.
 */
function MapBox({ map }: { map: GuideMap }) {
  const t = useLabels().places;
  return (
    <div
      className="mapbox"
      data-leaflet-js={map.scriptUrl}
      data-leaflet-css={map.styleUrl}
      data-tiles={map.tileUrl}
      data-attribution={map.attribution}
      data-lat={map.property ? String(map.property.lat) : undefined}
      data-lng={map.property ? String(map.property.lng) : undefined}
      data-stay={t.yourStay}
    >
      <button type="button" className="btn alt" data-show-map="" hidden>
        {t.showMap}
      </button>
      <div className="map" role="region" aria-label={t.mapLabel} hidden />
      <p className="map-error" role="status" hidden>
        {t.mapUnavailable}
      </p>
    </div>
  );
}

/** Local recommendations (GUIDE-10/15): every category's places, readable without JavaScript, and the map. */
export function PlacesSection({ model }: { model: GuidePageModel }) {
  const t = model.labels.places;
  if (model.places.length === 0) return null;
  return (
    <section className="cat places" id={PLACES_ANCHOR} aria-labelledby={`${PLACES_ANCHOR}-h`}>
      <h2 id={`${PLACES_ANCHOR}-h`}>{t.guideTitle}</h2>
      {model.map ? <MapBox map={model.map} /> : null}
      {model.places.map((group) => (
        <Group key={group.label} group={group} />
      ))}
    </section>
  );
}
