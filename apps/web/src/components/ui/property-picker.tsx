import { copy } from "@doorstep/shared/copy";
import { useDeferredValue, useId, useState } from "react";
import { usePropertySearch } from "../../api/properties/search-properties.ts";
import type { PropertyChoice } from "../../api/properties/list-property-choices.ts";
import { Button } from "./button.tsx";
import "./property-picker.css";
import "./text-field.css";

const c = copy.bulkUpdates;

interface PropertyPickerProps {
  /** The chosen properties, in the order chosen; a title may be unknown (ids handed over from elsewhere). */
  selected: PropertyChoice[];
  onChange(next: PropertyChoice[]): void;
  error?: string;
  /** Properties that cannot be chosen here (e.g. already have the item). */
  disabledIds?: ReadonlySet<string>;
  /** The group's visible label; "Properties" unless the form around it already says so. */
  legend?: string;
}

/**
 * A searchable multi-select of the account's properties: the search and the pages come from the server (an
 * account may have a thousand), "Select all shown" ticks what the list shows, and the chosen ones stay as
 * removable chips whatever the search.
 */
export function PropertyPicker({ selected, onChange, error, disabledIds, legend = c.properties }: PropertyPickerProps) {
  const id = useId();
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const list = usePropertySearch(deferred);
  const chosen = new Set(selected.map((p) => p.propertyId));
  const shown = list.items.filter((p) => !disabledIds?.has(p.propertyId));
  // Ids handed over without titles (from the properties list) get theirs once the list shows them.
  const titleOf = (p: PropertyChoice) =>
    p.title || list.items.find((item) => item.propertyId === p.propertyId)?.title || p.propertyId;

  const toggle = (property: PropertyChoice, on: boolean) =>
    onChange(
      on
        ? [...selected, { propertyId: property.propertyId, title: property.title }]
        : selected.filter((p) => p.propertyId !== property.propertyId),
    );
  const selectAllShown = () =>
    onChange([
      ...selected,
      ...shown.filter((p) => !chosen.has(p.propertyId)).map(({ propertyId, title }) => ({ propertyId, title })),
    ]);

  return (
    <fieldset className="field property-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="property-picker__bar">
        <input
          type="search"
          className="field__input"
          aria-label={c.searchProperties}
          placeholder={c.searchProperties}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button variant="secondary" size="sm" onClick={selectAllShown} disabled={shown.length === 0}>
          {c.selectAllShown}
        </Button>
      </div>
      <ul className="property-picker__list" aria-busy={list.isFetching || undefined}>
        {list.items.map((property) => (
          <li key={property.propertyId}>
            <label className="property-picker__option">
              <input
                type="checkbox"
                checked={chosen.has(property.propertyId)}
                disabled={disabledIds?.has(property.propertyId)}
                onChange={(event) => toggle(property, event.target.checked)}
              />
              <span>{property.title}</span>
            </label>
          </li>
        ))}
        {list.isSuccess && list.items.length === 0 ? <li className="property-picker__empty">{c.noMatches}</li> : null}
      </ul>
      {list.hasNextPage ? (
        <Button variant="ghost" size="sm" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {c.showMore}
        </Button>
      ) : null}
      <p role="status" className="property-picker__count">
        {c.selectedCount(selected.length)}
      </p>
      {selected.length > 0 ? (
        <ul className="property-picker__chips" aria-label={c.selection}>
          {selected.map((property) => (
            <li key={property.propertyId} className="property-picker__chip">
              <span>{titleOf(property)}</span>
              <button
                type="button"
                aria-label={c.removeProperty(titleOf(property))}
                title={c.removeProperty(titleOf(property))}
                onClick={() => toggle(property, false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
