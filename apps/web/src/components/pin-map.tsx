import { copy } from "@doorstep/shared/copy";
import { MAP } from "@doorstep/shared/constants";
import L, { type LeafletEvent, type Marker as LeafletMarker } from "leaflet";
// Leaflet's stylesheet belongs to this lazy route only, so the first load stays small (docs/architecture.md §9).
import "leaflet/dist/leaflet.css";
import { useEffect, useMemo } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { useConfig } from "../lib/config.ts";
import "./pin-map.css";

export interface LatLng {
  lat: number;
  lng: number;
}

// A CSS pin: Leaflet's default marker images do not survive bundling.
const pinIcon = L.divIcon({
  className: "pin-marker",
  html: '<span class="pin-marker__head"></span>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

const NUDGE_PX = 10;
const KEY_STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

interface PinMapProps {
  /** Where the pin is; null shows the default centre with the pin there (SETUP-09). */
  pin: LatLng | null;
  /** Manual mode: the pin can be dragged (or moved with the arrow keys) (SETUP-10). */
  draggable?: boolean;
  onDragStart?: () => void;
  onDrop?: (pin: LatLng) => void;
  /** A click or tap on the map moves the pin there (and calls `onDrop`): a place's pin is put where it is. */
  moveOnClick?: boolean;
  label: string;
  /** The pin's own name (its tooltip and accessible name); the property's location by default. */
  markerTitle?: string;
  size?: { width: number; height: number };
}

/** Moves the pin to where the map is clicked or tapped; Leaflet sends no click after a drag of the map. */
function ClickToMove({ onMove }: { onMove: (pin: LatLng) => void }) {
  useMapEvents({ click: (event) => onMove({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/** Brings a pin set from outside (an address found on the map) into view; the map's centre is fixed at mount. */
function FollowPin({ pin }: { pin: LatLng | null }) {
  const map = useMap();
  const lat = pin?.lat;
  const lng = pin?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), MAP.previewZoom));
  }, [map, lat, lng]);
  return null;
}

/**
 * A Leaflet map with the property pin (SETUP-09…12): the manual map opens at the pin, or at the default
 * centre at zoom 5; the read-only preview shows the saved pin at zoom 16. Tiles come from /api/config.
 */
export function PinMap({
  pin,
  draggable = false,
  onDragStart,
  onDrop,
  moveOnClick = false,
  label,
  markerTitle = copy.basicSetup.markerLabel,
  size = { width: MAP.boxPx, height: MAP.boxPx },
}: PinMapProps) {
  const config = useConfig();
  const centre = pin ?? MAP.defaultCentre;
  const zoom = pin ? MAP.previewZoom : MAP.manualZoom;
  const handlers = useMemo(
    () => ({
      dragstart: () => onDragStart?.(),
      dragend: (event: LeafletEvent) => {
        const { lat, lng } = (event.target as LeafletMarker).getLatLng();
        onDrop?.({ lat, lng });
      },
      add: (event: LeafletEvent) => {
        if (!draggable) return;
        const marker = event.target as LeafletMarker;
        // Arrow keys move the focused pin: dragging alone would leave keyboard users out.
        marker.getElement()?.addEventListener("keydown", (key: KeyboardEvent) => {
          const step = KEY_STEPS[key.key];
          const map = (marker as unknown as { _map?: L.Map })._map;
          if (!step || !map) return;
          key.preventDefault();
          const point = map
            .latLngToContainerPoint(marker.getLatLng())
            .add(L.point(step[0] * NUDGE_PX, step[1] * NUDGE_PX));
          const next = map.containerPointToLatLng(point);
          marker.setLatLng(next);
          onDrop?.({ lat: next.lat, lng: next.lng });
        });
      },
    }),
    [draggable, onDragStart, onDrop],
  );

  return (
    <div
      className="pin-map"
      role="group"
      aria-label={label}
      style={{ width: size.width, maxWidth: "100%", height: size.height }}
    >
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={zoom}
        style={{ width: "100%", height: "100%" }}
        scrollWheelZoom={draggable}
        dragging={draggable}
        doubleClickZoom={draggable}
        touchZoom={draggable}
        keyboard={draggable}
        zoomControl={draggable}
        attributionControl
      >
        {moveOnClick && onDrop ? <ClickToMove onMove={onDrop} /> : null}
        <FollowPin pin={pin} />
        {config.data ? <TileLayer url={config.data.mapTileUrl} attribution={config.data.mapAttribution} /> : null}
        <Marker
          position={[centre.lat, centre.lng]}
          icon={pinIcon}
          draggable={draggable}
          keyboard={draggable}
          title={markerTitle}
          eventHandlers={handlers}
        />
      </MapContainer>
    </div>
  );
}
