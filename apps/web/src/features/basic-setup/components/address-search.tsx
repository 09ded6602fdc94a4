import { copy } from "@doorstep/shared/copy";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { useId, useState, type KeyboardEvent } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { getPlaceDetails } from "../api/get-place-details.ts";
import { usePlaceSearch } from "../api/search-places.ts";

const DEBOUNCE_MS = 250;

interface AddressSearchProps {
  chosen: PropertyAddress | null;
  onChoose: (address: PropertyAddress | null) => void;
}

/**
 * The address autocomplete (SETUP-07, SETUP-08): an ARIA combobox whose listbox holds the places search's
 * predictions; choosing one loads its address. Typing again forgets the choice, so Save waits for a new one.
 */
export function AddressSearch({ chosen, onChoose }: AddressSearchProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loadingDetails, setLoadingDetails] = useState(false);
  const [detailsFailed, setDetailsFailed] = useState(false);
  const query = useDebouncedValue(text, DEBOUNCE_MS);
  const search = usePlaceSearch(query);
  const predictions = query.trim().length >= 2 ? (search.data?.predictions ?? []) : [];
  const showList = open && predictions.length > 0;

  const choose = async (index: number) => {
    const prediction = predictions[index];
    if (!prediction) return;
    setText(prediction.description);
    setOpen(false);
    setActive(-1);
    setLoadingDetails(true);
    setDetailsFailed(false);
    try {
      const { address } = await getPlaceDetails(prediction.placeId);
      onChoose(address);
    } catch {
      setDetailsFailed(true);
    } finally {
      setLoadingDetails(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && predictions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % predictions.length);
    } else if (event.key === "ArrowUp" && predictions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current <= 0 ? predictions.length - 1 : current - 1));
    } else if (event.key === "Enter" && showList && active >= 0) {
      event.preventDefault();
      void choose(active);
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const noMatches = open && query.trim().length >= 2 && search.isSuccess && !search.isPlaceholderData && predictions.length === 0;
  return (
    <div className="address-search field">
      <label className="field__label" htmlFor={inputId}>
        {copy.basicSetup.searchAddress}
      </label>
      <input
        id={inputId}
        className="field__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (chosen) onChoose(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} className="address-search__list" role="listbox" aria-label={copy.basicSetup.addressSuggestions} hidden={!showList}>
        {predictions.map((prediction, index) => (
          <li
            key={prediction.placeId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="address-search__option"
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              void choose(index);
            }}
          >
            {prediction.description}
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="address-search__status">
        {search.isFetching && open ? <span className="field__hint">{copy.basicSetup.searching}</span> : null}
        {noMatches ? <span className="field__hint">{copy.basicSetup.noSuggestions}</span> : null}
        {loadingDetails ? <span className="field__hint">{copy.common.loading}</span> : null}
        {chosen ? <strong className="address-search__chosen">{copy.basicSetup.chosenAddress(chosen.formatted)}</strong> : null}
        {!chosen && !loadingDetails ? <span className="field__hint">{copy.basicSetup.chooseAddressFirst}</span> : null}
      </div>
      {detailsFailed ? <Alert>{copy.common.genericError}</Alert> : null}
    </div>
  );
}
