import { copy } from "@doorstep/shared/copy";
import { LANGUAGES } from "@doorstep/shared/languages";
import { BULK_KEYS, splitList, type BulkKey } from "@doorstep/shared/rules/bulk-updates";
import { useId, useState } from "react";
import { useManagers } from "../../../api/managers/list-managers.ts";
import { ColourField } from "../../../components/ui/colour-field.tsx";

const c = copy.bulkUpdates;

interface BulkValueFieldProps {
  bulkKey: BulkKey;
  /** The values text the request carries (BULK-02): comma-separated, as the server reads it. */
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** The new value with the control its kind needs: languages to tick, a colour, a manager, an on/off switch. */
export function BulkValueField({ bulkKey, value, onChange, error }: BulkValueFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const errorLine = error ? (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  ) : null;
  const kind = BULK_KEYS[bulkKey].kind;

  if (kind === "list") return <LanguagesField value={value} onChange={onChange} errorLine={errorLine} />;
  if (kind === "colour")
    return (
      <>
        <ColourField
          label={c.detailValues}
          value={value === "none" ? "" : value}
          hint={c.colourBlankClears}
          onChange={(next) => onChange(next.trim() === "" ? "none" : next)}
        />
        {errorLine}
      </>
    );
  if (kind === "boolean")
    return (
      <div className="field">
        <label className="bulk-switch">
          <input
            type="checkbox"
            role="switch"
            checked={value === "on"}
            aria-describedby={errorId}
            onChange={(event) => onChange(event.target.checked ? "on" : "off")}
          />
          <span className="bulk-switch__track" aria-hidden="true" />
          <span>{c.detailValues}</span>
        </label>
        {errorLine}
      </div>
    );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {c.detailValues}
      </label>
      {bulkKey === "LinkedManager" ? (
        <ManagerSelect id={id} value={value} onChange={onChange} errorId={errorId} />
      ) : (
        <select
          id={id}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{c.chooseLanguage}</option>
          {LANGUAGES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      )}
      {errorLine}
    </div>
  );
}

function ManagerSelect(props: { id: string; value: string; onChange(value: string): void; errorId?: string }) {
  const managers = useManagers();
  return (
    <select
      id={props.id}
      className="field__input"
      value={props.value}
      aria-describedby={props.errorId}
      onChange={(event) => props.onChange(event.target.value)}
    >
      <option value="">{c.chooseManager}</option>
      {(managers.items ?? []).map((manager) => (
        <option key={manager.vanityId} value={manager.vanityId}>
          {`${manager.firstName} ${manager.lastName}`.trim()}
        </option>
      ))}
    </select>
  );
}

function LanguagesField(props: { value: string; onChange(value: string): void; errorLine: React.ReactNode }) {
  const [filter, setFilter] = useState("");
  const chosen = splitList(props.value);
  const wanted = filter.trim().toLowerCase();
  const shown = LANGUAGES.filter(
    ([code, name]) => !wanted || name.toLowerCase().includes(wanted) || code.toLowerCase() === wanted,
  );
  const toggle = (code: string, on: boolean) =>
    props.onChange((on ? [...chosen, code] : chosen.filter((c) => c !== code)).join(", "));
  return (
    <fieldset className="field bulk-languages">
      <legend className="field__label">{c.languages}</legend>
      <input
        type="search"
        className="field__input"
        aria-label={c.filterLanguages}
        placeholder={c.filterLanguages}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul className="bulk-languages__list">
        {shown.map(([code, name]) => (
          <li key={code}>
            <label className="property-picker__option">
              <input
                type="checkbox"
                checked={chosen.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              <span>{name}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="field__hint" role="status">
        {c.languagesChosen(chosen.length)}
      </p>
      {props.errorLine}
    </fieldset>
  );
}
