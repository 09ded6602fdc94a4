import { copy } from "@doorstep/shared/copy";
import { DEFAULT_LANGUAGE } from "@doorstep/shared/constants";
import { isLanguageCode, languageName, TRANSLATION_LANGUAGES } from "@doorstep/shared/languages";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useId, useState } from "react";
import { EditableItem, type ItemStatus } from "../../../../components/ui/editable-item.tsx";
import { useUpdateProperty } from "../../api/update-property.ts";

/** "Default Language" (SETUP-16, OPEN-45): English or one of the ticked translations. */
export function DefaultLanguageItem({ property }: { property: PropertyDto }) {
  const inputId = useId();
  const update = useUpdateProperty();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(property.defaultLanguage);
  const options = [DEFAULT_LANGUAGE, ...property.languageTranslations.filter((code) => code !== DEFAULT_LANGUAGE)];

  const save = async () => {
    setStatus("fetching");
    try {
      await update.mutateAsync({
        propertyId: property.propertyId,
        body: { defaultLanguage: isLanguageCode(draft) ? draft : DEFAULT_LANGUAGE },
      });
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };
  return (
    <EditableItem
      title={copy.basicSetup.defaultLanguage}
      inputId={inputId}
      display={<span>{languageName(property.defaultLanguage)}</span>}
      status={status}
      onEdit={() => {
        setDraft(property.defaultLanguage);
        setStatus("editing");
      }}
      onCancel={() => {
        setDraft(property.defaultLanguage);
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={draft !== property.defaultLanguage}
      error={copy.profile.saveError}
    >
      <select id={inputId} className="field__input" value={draft} onChange={(event) => setDraft(event.target.value)}>
        {options.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </EditableItem>
  );
}

/** "Language Translations" (SETUP-17): a searchable tick list that never offers English. */
export function TranslationsItem({ property }: { property: PropertyDto }) {
  const searchId = useId();
  const update = useUpdateProperty();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [ticked, setTicked] = useState<string[]>(property.languageTranslations);
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const shown = TRANSLATION_LANGUAGES.filter(
    ([code, name]) => !needle || name.toLowerCase().includes(needle) || code.toLowerCase() === needle,
  );
  const stored = [...property.languageTranslations].sort().join();
  const changed = [...ticked].sort().join() !== stored;

  const restore = () => {
    setTicked(property.languageTranslations);
    setSearch("");
  };
  const save = async () => {
    setStatus("fetching");
    // OPEN-45: a default language that is no longer ticked falls back to English in the same save.
    const keepDefault = property.defaultLanguage === DEFAULT_LANGUAGE || ticked.includes(property.defaultLanguage);
    try {
      const languageTranslations = ticked.filter(isLanguageCode);
      await update.mutateAsync({
        propertyId: property.propertyId,
        body: keepDefault ? { languageTranslations } : { languageTranslations, defaultLanguage: DEFAULT_LANGUAGE },
      });
      setSearch("");
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };

  const names = property.languageTranslations.map(languageName).sort((a, b) => a.localeCompare(b));
  return (
    <EditableItem
      title={copy.basicSetup.languageTranslations}
      display={
        names.length ? <span>{names.join(", ")}</span> : <span className="item__empty">{copy.common.notSelected}</span>
      }
      status={status}
      onEdit={() => {
        restore();
        setStatus("editing");
      }}
      onCancel={() => {
        restore();
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={changed}
      error={copy.profile.saveError}
    >
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          {copy.basicSetup.searchLanguages}
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoFocus
        />
      </div>
      <p className="field__hint" aria-live="polite">
        {copy.basicSetup.translationsChosen(ticked.length)}
      </p>
      <fieldset className="tick-list">
        <legend className="visually-hidden">{copy.basicSetup.languageTranslations}</legend>
        {shown.length === 0 ? <p className="field__hint">{copy.basicSetup.noLanguageMatches}</p> : null}
        {shown.map(([code, name]) => (
          <label key={code} className="tick">
            <input
              type="checkbox"
              checked={ticked.includes(code)}
              onChange={(event) =>
                setTicked((current) => (event.target.checked ? [...current, code] : current.filter((c) => c !== code)))
              }
            />
            <span>{name}</span>
          </label>
        ))}
      </fieldset>
    </EditableItem>
  );
}
