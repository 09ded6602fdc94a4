import { copy } from "@doorstep/shared/copy";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { useId, useState, type KeyboardEvent } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { useDebouncedValue } from "../../../../lib/use-debounced-value.ts";
import { getPlaceDetails } from "../../api/get-place-details.ts";
import { usePlaceSearch } from "../../api/search-places.ts";

interface LocationFormProps {
  current: string | null;
  save: (address: PropertyAddress) => Promise<unknown>;
  onSkip?: () => void;
}

/**
 * The property location by address search (SETUP-07, SETUP-08): a combobox with a listbox of suggestions;
 * the chosen place's details fill the address and pin. The map editor lives in Basic Setup.
 */
export function LocationForm({ current, save, onSkip }: LocationFormProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [text, setText] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const term = useDebouncedValue(text.trim(), 250);
  const search = usePlaceSearch(term);
  const predictions = term.length >= 2 ? (search.data?.predictions ?? []) : [];
  const open = expanded && term.length >= 2 && !busy;

  const choose = async (placeId: string, description: string) => {
    setText(description);
    setExpanded(false);
    setActive(-1);
    setBusy(true);
    setError(undefined);
    try {
      await save(await getPlaceDetails(placeId));
    } catch {
      setError(copy.setup.saveError);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setExpanded(true);
      setActive((i) => Math.min(predictions.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = predictions[active] ?? (predictions.length === 1 ? predictions[0] : undefined);
      if (open && chosen) void choose(chosen.placeId, chosen.description);
    } else if (event.key === "Escape") {
      setExpanded(false);
      setActive(-1);
    }
  };

  return (
    <form className="setup-form" onSubmit={(event) => event.preventDefault()} noValidate>
      {current ? <p className="setup-form__current">{current}</p> : null}
      <div className="field combobox">
        <label className="field__label" htmlFor={inputId}>
          {copy.basicSetup.searchAddress}
        </label>
        <div className="combobox__box">
          <input
            id={inputId}
            className="field__input"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={text}
            disabled={busy}
            onChange={(event) => {
              setText(event.target.value);
              setExpanded(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setTimeout(() => setExpanded(false), 150)}
            autoFocus
          />
          {busy || (search.isFetching && open) ? (
            <span className="combobox__busy">
              <Spinner size={18} />
            </span>
          ) : null}
        </div>
        <ul id={listId} role="listbox" aria-label={copy.setup.suggestions} className="combobox__list" hidden={!open}>
          {predictions.map((prediction, index) => (
            <li
              key={prediction.placeId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`combobox__option${index === active ? " combobox__option--active" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choose(prediction.placeId, prediction.description)}
            >
              {prediction.description}
            </li>
          ))}
          {open && search.isSuccess && predictions.length === 0 && !search.isFetching ? (
            <li className="combobox__empty" role="option" aria-disabled="true" aria-selected={false}>
              {copy.setup.noSuggestions}
            </li>
          ) : null}
        </ul>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {onSkip ? (
        <div className="setup-section__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onSkip} disabled={busy}>
            {copy.setup.skip}
          </button>
        </div>
      ) : null}
    </form>
  );
}
