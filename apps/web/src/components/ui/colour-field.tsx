import { copy } from "@doorstep/shared/copy";
import { HEX_COLOUR, isVeryLightColour } from "@doorstep/shared/rules/property";
import { useId, type ReactNode } from "react";
import "./colour-field.css";
import "./text-field.css";

interface ColourFieldProps {
  label: string;
  /** "#RRGGBB", or "" when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  /** Warn (SETUP-19) when the colour is white or very light. */
  lightWarning?: string;
  hint?: ReactNode;
}

/** True when a colour field's text is blank or a #RRGGBB colour. */
export function isHexOrBlank(value: string): boolean {
  return value.trim() === "" || HEX_COLOUR.test(value.trim());
}

/**
 * A colour as a native picker plus its hex text (SETUP-19, CO-01): either one changes the other;
 * the text is the labelled field, so it can be typed or pasted.
 */
export function ColourField({ label, value, onChange, lightWarning, hint }: ColourFieldProps) {
  const id = useId();
  const trimmed = value.trim();
  const valid = HEX_COLOUR.test(trimmed);
  const invalid = trimmed !== "" && !valid;
  const warn = lightWarning && valid && isVeryLightColour(trimmed);
  const describedBy = [`${id}-hint`, invalid ? `${id}-error` : "", warn ? `${id}-warning` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field colour-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="colour-field__row">
        <input
          className="colour-field__picker"
          type="color"
          aria-label={copy.common.colourPicker(label)}
          value={valid ? trimmed.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="field__input colour-field__hex"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          placeholder={copy.common.hexPlaceholder}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {hint ?? copy.common.hexHint}
      </p>
      {invalid ? (
        <p className="field__error" id={`${id}-error`}>
          {copy.common.hexInvalid}
        </p>
      ) : null}
      {warn ? (
        <p className="colour-field__warning" id={`${id}-warning`} role="status">
          {lightWarning}
        </p>
      ) : null}
    </div>
  );
}

/** A small swatch with the hex text, for idle displays. */
export function ColourSwatch({ label, value }: { label: string; value: string | null }) {
  return (
    <span className="colour-swatch">
      <span
        className={`colour-swatch__chip${value ? "" : " colour-swatch__chip--empty"}`}
        style={value ? { background: value } : undefined}
        aria-hidden="true"
      />
      <span>
        {label}: {value ?? copy.common.notEntered}
      </span>
    </span>
  );
}
