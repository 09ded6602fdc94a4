import { copy } from "@doorstep/shared/copy";
import { MAP } from "@doorstep/shared/constants";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { getPlaceDetails } from "../../../lib/places/get-place-details.ts";
import { searchPlaces } from "../../../lib/places/search-places.ts";

// Leaflet loads with the editor only, not with the page's list.
const PinMap = lazy(() => import("../../../components/pin-map.tsx").then((m) => ({ default: m.PinMap })));

const c = copy.localArea;

export interface LatLng {
  lat: number;
  lng: number;
}

interface PlacePinProps {
  pin: LatLng | null;
  /** The pin has not left where the map opened (the property or the town): not yet the place's location. */
  unmoved: boolean;
  /** Where the map opens when the host places the pin: the property or the profile's town. */
  centre: LatLng | null;
  address: string;
  title: string;
  error?: string;
  onChange: (pin: LatLng | null, unmoved: boolean) => void;
}

type Lookup = "idle" | "busy" | "notFound" | "failed";

/**
 * A place's location pin (LOCAL-12): found from its address by the places search, or put by the host, who
 * clicks the map where the place is or drags the pin. A pin never stays on the property unnoticed: the editor
 * refuses to save one that has not moved from where the map opened.
 */
export function PlacePin({ pin, unmoved, centre, address, title, error, onChange }: PlacePinProps) {
  const [lookup, setLookup] = useState<Lookup>("idle");
  const hasAddress = address.trim().length >= 2;

  const findAddress = async () => {
    setLookup("busy");
    try {
      const { predictions } = await searchPlaces(address.trim(), { kind: "address", near: centre });
      const first = predictions[0];
      if (!first) return setLookup("notFound");
      const found = await getPlaceDetails(first.placeId);
      onChange({ lat: found.lat, lng: found.lng }, false);
      setLookup("idle");
    } catch {
      setLookup("failed");
    }
  };

  const message = lookup === "notFound" ? c.addressNotFound : lookup === "failed" ? c.addressLookupFailed : null;

  return (
    <fieldset className="place-editor__pin">
      <legend className="field__label">{c.pinLabel}</legend>
      {pin ? (
        <>
          <p className="field__hint">{unmoved ? c.pinStartsHere : c.pinHint}</p>
          <Suspense fallback={<Spinner size={24} />}>
            <PinMap
              pin={pin}
              draggable
              moveOnClick
              label={c.pinMapLabel}
              markerTitle={title || c.newPlace}
              size={{ width: 480, height: 280 }}
              onDrop={(next) => onChange(next, false)}
            />
          </Suspense>
          <div className="place-editor__pin-actions">
            {hasAddress ? (
              <Button variant="ghost" size="sm" busy={lookup === "busy"} onClick={() => void findAddress()}>
                {lookup === "busy" ? c.findingAddress : c.findAddress}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={() => onChange(null, false)}>
              {c.removePin}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="field__hint">{c.noLocation(hasAddress)}</p>
          <div className="place-editor__pin-actions">
            {hasAddress ? (
              <Button variant="secondary" size="sm" busy={lookup === "busy"} onClick={() => void findAddress()}>
                {lookup === "busy" ? c.findingAddress : c.findAddress}
              </Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => onChange(centre ?? MAP.defaultCentre, true)}>
              {c.setPin}
            </Button>
          </div>
        </>
      )}
      {message ? (
        <p className="field__hint" role="status">
          {message}
        </p>
      ) : null}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}
