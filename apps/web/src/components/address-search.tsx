import { copy } from "@doorstep/shared/copy";
import type { PlaceSearchResponse } from "@doorstep/shared/schemas/places";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { getPlaceDetails } from "../lib/places/get-place-details.ts";
import { usePlaceSearch, type PlaceSearchOptions } from "../lib/places/search-places.ts";
import { useDebouncedValue } from "../lib/use-debounced-value.ts";
import { Alert } from "./ui/banner.tsx";
import { Spinner } from "./ui/spinner.tsx";
import "./address-search.css";
import "./ui/text-field.css";

const DEBOUNCE_MS = 250;

type Prediction = PlaceSearchResponse["predictions"][number];

interface AddressSearchProps {
  /** Gets the chosen place's address; when it rejects, `errorMessage` shows and the text stays. */
  onChoose?: (address: PropertyAddress) => unknown;
  /**
   * Gets the chosen prediction itself, instead of its address (a local-area profile's town, a place to
   * recommend: the server looks the details up). When it rejects, `errorMessage` shows and the text stays.
   */
  onPick?: (prediction: Prediction) => unknown;
  /** The field's label; the address search's by default. */
  label?: string;
  /** What to look for and where (default: addresses anywhere). */
  search?: PlaceSearchOptions;
  autoFocus?: boolean;
  /** Empty the box after a successful pick (adding several places one after another). */
  clearAfterPick?: boolean;
  /** The text changed: an earlier choice no longer stands (Basic Setup's Save waits for a new one). */
  onType?: () => void;
  /** Shown when the search finds nothing. */
  noMatches: string;
  errorMessage: string;
  /** What is chosen so far, read out with the search's status; hidden while a choice loads. */
  status?: ReactNode;
}

/**
 * The address autocomplete of the setup flow and Basic Setup (SETUP-07, SETUP-08): an ARIA combobox whose
 * listbox holds the places search's predictions; choosing one loads its address and hands it to `onChoose`.
 */
export function AddressSearch({
  onChoose,
  onPick,
  label = copy.basicSetup.searchAddress,
  search: searchOptions,
  autoFocus = true,
  clearAfterPick = false,
  onType,
  noMatches,
  errorMessage,
  status,
}: AddressSearchProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = usePlaceSearch(query, searchOptions);
  const predictions = query.length >= 2 ? (search.data?.predictions ?? []) : [];
  const showList = open && !busy && predictions.length > 0;

  const choose = async (prediction: Prediction | undefined) => {
    if (!prediction) return;
    setText(prediction.description);
    setOpen(false);
    setActive(-1);
    setBusy(true);
    setFailed(false);
    try {
      if (onPick) await onPick(prediction);
      else await onChoose?.(await getPlaceDetails(prediction.placeId));
      if (clearAfterPick) setText("");
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
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
    } else if (event.key === "Enter" && showList && (active >= 0 || predictions.length === 1)) {
      // Enter takes the highlighted suggestion, or the only one; otherwise it submits the surrounding form.
      event.preventDefault();
      void choose(predictions[Math.max(active, 0)]);
    } else if (event.key === "Escape" && showList) {
      // Close the list only, not the dialog or editor around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  const noneFound =
    open && query.length >= 2 && search.isSuccess && !search.isPlaceholderData && predictions.length === 0;
  return (
    <div className="address-search field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="address-search__box">
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
          aria-busy={busy || undefined}
          value={text}
          readOnly={busy}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            onType?.();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        {busy || (search.isFetching && open) ? (
          <span className="address-search__busy">
            <Spinner size={18} />
          </span>
        ) : null}
        <ul
          id={listId}
          className="address-search__list"
          role="listbox"
          aria-label={copy.basicSetup.addressSuggestions}
          hidden={!showList}
        >
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
                void choose(prediction);
              }}
            >
              {prediction.description}
            </li>
          ))}
        </ul>
      </div>
      <div aria-live="polite" className="address-search__status">
        {search.isFetching && open ? <span className="field__hint">{copy.basicSetup.searching}</span> : null}
        {noneFound ? <span className="field__hint">{noMatches}</span> : null}
        {busy ? <span className="field__hint">{copy.common.loading}</span> : status}
      </div>
      {failed ? <Alert>{errorMessage}</Alert> : null}
    </div>
  );
}
