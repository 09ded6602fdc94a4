import { copy } from "@doorstep/shared/copy";
import type { PropertyAddress, PropertyDto } from "@doorstep/shared/schemas/property";
import { useCallback, useState } from "react";
import { AddressSearch } from "../../../../components/address-search.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { EditableItem, type ItemStatus } from "../../../../components/ui/editable-item.tsx";
import { useUpdateProperty } from "../../api/update-property.ts";
import { manualAddress } from "./manual-address.ts";
import { PinMap, type LatLng } from "../../../../components/pin-map.tsx";

type Mode = "search" | "manual";

/** "Property Pin Location" (SETUP-07…12): an address from the autocomplete, or a pin dragged on a map. */
export function LocationItem({ property }: { property: PropertyDto }) {
  const update = useUpdateProperty();
  const saved = property.address;
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [mode, setMode] = useState<Mode>("search");
  const [chosen, setChosen] = useState<PropertyAddress | null>(null);
  const [pin, setPin] = useState<LatLng | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string>();

  const reset = () => {
    setMode("search");
    setChosen(null);
    setPin(null);
    setDragging(false);
    setError(undefined);
  };
  const onDragStart = useCallback(() => setDragging(true), []);
  const onDrop = useCallback((next: LatLng) => {
    setDragging(false);
    setPin(next);
  }, []);

  const save = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      const address = mode === "search" ? chosen : pin ? await manualAddress(pin) : null;
      if (!address) throw new Error("No location chosen");
      await update.mutateAsync({ propertyId: property.propertyId, body: { address } });
      reset();
      setStatus("idle");
    } catch {
      setError(copy.profile.saveError);
      setStatus("error");
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setChosen(null);
    // The manual map starts at the saved pin, which then counts as chosen (SETUP-09: Save needs lat/lng).
    setPin(next === "manual" && saved ? { lat: saved.lat, lng: saved.lng } : null);
    if (status === "error") setStatus("editing");
  };

  return (
    <EditableItem
      title={copy.basicSetup.pinLocation}
      display={
        saved ? (
          <div className="location-display">
            <span>{saved.formatted}</span>
            <span className="field__hint">{copy.basicSetup.coordinates(saved.lat, saved.lng)}</span>
            <PinMap
              key={`${saved.lat},${saved.lng}`}
              pin={saved}
              label={copy.basicSetup.previewMapLabel}
              size={{ width: 300, height: 180 }}
            />
          </div>
        ) : (
          <span className="item__empty">{copy.common.notSelected}</span>
        )
      }
      status={status}
      onEdit={() => {
        reset();
        setStatus("editing");
      }}
      onCancel={() => {
        reset();
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={mode === "search" ? chosen !== null : pin !== null}
      error={error}
    >
      {mode === "search" ? (
        <>
          <AddressSearch
            onChoose={setChosen}
            onType={() => setChosen(null)}
            noMatches={copy.basicSetup.noSuggestions}
            errorMessage={copy.common.genericError}
            status={
              chosen ? (
                <strong className="address-search__chosen">{copy.basicSetup.chosenAddress(chosen.formatted)}</strong>
              ) : (
                <span className="field__hint">{copy.basicSetup.chooseAddressFirst}</span>
              )
            }
          />
          <div>
            <Button variant="secondary" size="sm" onClick={() => switchTo("manual")}>
              {copy.basicSetup.manualLocation}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="location-hint" aria-live="polite">
            {dragging ? copy.basicSetup.dragging : copy.basicSetup.dragHint}
          </p>
          <PinMap pin={pin} draggable onDragStart={onDragStart} onDrop={onDrop} label={copy.basicSetup.mapLabel} />
          {pin ? <span className="field__hint">{copy.basicSetup.coordinates(pin.lat, pin.lng)}</span> : null}
          {status === "fetching" ? <span className="field__hint">{copy.basicSetup.findingPlace}</span> : null}
          <div>
            <Button variant="secondary" size="sm" onClick={() => switchTo("search")}>
              {copy.basicSetup.searchLocation}
            </Button>
          </div>
        </>
      )}
    </EditableItem>
  );
}
