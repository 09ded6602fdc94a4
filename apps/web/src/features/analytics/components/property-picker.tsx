import { copy } from "@doorstep/shared/copy";
import { useId, useMemo, useState } from "react";
import { TextField } from "../../../components/ui/text-field.tsx";

/** Above this many properties the selector gets a search box (a manager with hundreds of guides). */
const SEARCH_FROM = 8;

interface PropertyPickerProps {
  properties: { propertyId: string; title: string }[];
  value: string | null;
  onChange(propertyId: string | null): void;
}

/**
 * The property selector (ANL-02): "All Properties" or one property. Shown only with more than one property;
 * with many, a search box narrows the list (the chosen property always stays in it).
 */
export function PropertyPicker({ properties, value, onChange }: PropertyPickerProps) {
  const id = useId();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return properties;
    return properties.filter(
      (p) =>
        p.propertyId === value || p.title.toLowerCase().includes(needle) || p.propertyId.toLowerCase().includes(needle),
    );
  }, [properties, search, value]);
  if (properties.length < 2) return null;
  const noMatch = search.trim() !== "" && shown.every((p) => p.propertyId === value);
  return (
    <div className="analytics-property">
      {properties.length > SEARCH_FROM ? (
        <TextField
          type="search"
          label={copy.analytics.searchProperties}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          hint={noMatch ? copy.analytics.noPropertyMatches : undefined}
        />
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {copy.analytics.property}
        </label>
        <select
          id={id}
          className="field__input"
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">{copy.analytics.allProperties}</option>
          {shown.map((p) => (
            <option key={p.propertyId} value={p.propertyId}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
