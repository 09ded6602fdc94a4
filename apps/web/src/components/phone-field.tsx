import { copy } from "@doorstep/shared/copy";
import {
  asPhoneCountry,
  composePhone,
  formatPhone,
  phoneCountries,
  phoneCountry,
  phoneNational,
  type CountryCode,
} from "@doorstep/shared/rules/phone";
import { useId, useMemo, useState } from "react";
import type { z } from "zod";
import { fieldProblem } from "../lib/schema-form.ts";
import { EditableItem, ItemValue, type ItemStatus } from "./ui/editable-item.tsx";

const c = copy.phone;

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** The browser's region ("en-GB" → GB), the last guess for a number's country. */
function browserCountry(): CountryCode | undefined {
  for (const tag of navigator.languages ?? [navigator.language]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      const code = asPhoneCountry(region);
      if (code) return code;
    } catch {
      // A tag Intl cannot read: try the next.
    }
  }
  return undefined;
}

/** A country's ISO code from its English name as addresses store it ("United Kingdom" → GB). */
export function countryFromName(name: string | null | undefined): CountryCode | undefined {
  if (!name) return undefined;
  const wanted = name.trim().toLowerCase();
  return phoneCountries().find(({ code }) => countryName(code).toLowerCase() === wanted)?.code;
}

interface PhoneFieldProps {
  label: string;
  /** The stored number (E.164, or as stored before numbers were checked) or what the field last sent. */
  initial: string | null;
  /** The chooser's country when the stored number does not say: the property's or account's country. */
  defaultCountry?: CountryCode;
  /** Gets what the request should carry: "" for blank, E.164 when valid, else the text for the schema to judge. */
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Inside an editable item, whose title already names the number: the legend is read, not shown. */
  hideLegend?: boolean;
}

/**
 * A phone number with its country chooser: the host types the number as they know it, and the request carries
 * E.164. A stored number that does not parse (saved before numbers were checked) is shown as stored.
 */
export function PhoneField({
  label,
  initial,
  defaultCountry,
  onChange,
  hint,
  error,
  disabled,
  autoFocus,
  hideLegend = false,
}: PhoneFieldProps) {
  const id = useId();
  const countries = useMemo(
    () =>
      phoneCountries()
        .map((country) => ({ ...country, name: countryName(country.code) }))
        .sort((a, b) => a.name.localeCompare(b.name, "en")),
    [],
  );
  const [country, setCountry] = useState<CountryCode>(
    () => phoneCountry(initial) ?? defaultCountry ?? browserCountry() ?? "US",
  );
  const [national, setNational] = useState(() => phoneNational(initial));
  const storedAsIs = Boolean(initial) && !phoneCountry(initial) && national === initial;
  const hintText = storedAsIs ? c.storedAsIs : hint;
  const describedBy = [hintText ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");

  const update = (nextNational: string, nextCountry: CountryCode) => {
    setNational(nextNational);
    setCountry(nextCountry);
    onChange(composePhone(nextNational, nextCountry));
  };

  return (
    <fieldset className="phone-field" aria-describedby={describedBy || undefined}>
      <legend className={hideLegend ? "visually-hidden" : "field__label"}>{label}</legend>
      <div className="phone-field__row">
        <div className="phone-field__country">
          <label className="phone-field__sublabel" htmlFor={`${id}-country`}>
            {c.country}
          </label>
          <select
            id={`${id}-country`}
            className="field__input"
            value={country}
            disabled={disabled}
            autoComplete="tel-country-code"
            onChange={(event) => update(national, event.target.value as CountryCode)}
          >
            {countries.map(({ code, callingCode, name }) => (
              <option key={code} value={code}>
                {c.countryOption(name, callingCode)}
              </option>
            ))}
          </select>
        </div>
        <div className="phone-field__number">
          <label className="phone-field__sublabel" htmlFor={`${id}-number`}>
            {c.number}
          </label>
          <input
            id={`${id}-number`}
            className="field__input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={national}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            autoFocus={autoFocus}
            onChange={(event) => update(event.target.value, country)}
          />
        </div>
      </div>
      {hintText ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hintText}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface PhoneItemProps {
  title: string;
  /** The stored number: E.164, or as stored before numbers were checked (shown as it is). */
  value: string | null;
  /** The request's phone schema (PhoneNumber or ClearablePhoneNumber): its problem shows under the field. */
  schema: z.ZodType;
  defaultCountry?: CountryCode;
  hint?: string;
  /** Saves the E.164 number ("" to clear, where the schema allows it); resolves once the data is re-fetched. */
  save: (value: string) => Promise<unknown>;
  errorMessage?: (error: unknown) => string;
}

/** A phone number edited on its own, with its country chooser (AUTH-40/41, MGR-07/08, XCUT-19…21). */
export function PhoneItem({ title, value, schema, defaultCountry, hint, save, errorMessage }: PhoneItemProps) {
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(value ?? "");
  const [error, setError] = useState<string>();
  // Opening the editor again starts from the stored number, not from what was typed before Cancel.
  const [session, setSession] = useState(0);
  const required = !schema.safeParse("").success;
  const problem = draft === "" ? undefined : fieldProblem(schema, draft);

  const edit = () => {
    setDraft(value ?? "");
    setSession((n) => n + 1);
    setStatus("editing");
  };
  const cancel = () => {
    setDraft(value ?? "");
    setError(undefined);
    setStatus("idle");
  };
  const submit = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      await save(draft);
      setStatus("idle");
    } catch (cause) {
      setError(errorMessage ? errorMessage(cause) : copy.profile.saveError);
      setStatus("error");
    }
  };

  return (
    <EditableItem
      title={title}
      display={<ItemValue value={value ? formatPhone(value) : null} empty={copy.common.notEntered} />}
      status={status}
      onEdit={edit}
      onCancel={cancel}
      onSave={() => void submit()}
      canSave={(!required || draft !== "") && !problem && draft !== (value ?? "")}
      error={error}
    >
      <PhoneField
        key={session}
        label={title}
        initial={value}
        defaultCountry={defaultCountry}
        hint={hint}
        error={problem}
        onChange={(next) => {
          setDraft(next);
          if (status === "error") setStatus("editing");
        }}
        autoFocus
        hideLegend
      />
    </EditableItem>
  );
}
