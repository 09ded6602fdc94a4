import { copy } from "@doorstep/shared/copy";
import { LANGUAGES, languageName } from "@doorstep/shared/languages";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";

const s = copy.store;

export type OfferTexts = Record<string, { title: string; description: string }>;

/** Title and description in each guide language the host adds (English first). */
export function OfferTextsFields({
  texts,
  onChange,
  error,
}: {
  texts: OfferTexts;
  onChange: (next: OfferTexts) => void;
  error?: string;
}) {
  const id = useId();
  const [adding, setAdding] = useState("");
  const set = (lang: string, field: "title" | "description", value: string) =>
    onChange({ ...texts, [lang]: { ...(texts[lang] ?? { title: "", description: "" }), [field]: value } });
  const languages = Object.keys(texts);
  return (
    <>
      {languages.map((lang, n) => (
        <fieldset key={lang}>
          <legend>{languageName(lang)}</legend>
          <TextField
            label={languages.length > 1 ? `${s.offerTitle} (${languageName(lang)})` : s.offerTitle}
            value={texts[lang]?.title ?? ""}
            maxLength={120}
            required={n === 0}
            error={n === 0 ? error : undefined}
            onChange={(e) => set(lang, "title", e.target.value)}
          />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-${lang}-d`}>
              {languages.length > 1 ? `${s.description} (${languageName(lang)})` : s.description}
            </label>
            <textarea
              id={`${id}-${lang}-d`}
              className="field__input"
              maxLength={5000}
              value={texts[lang]?.description ?? ""}
              onChange={(e) => set(lang, "description", e.target.value)}
            />
          </div>
          {n > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChange(Object.fromEntries(Object.entries(texts).filter(([l]) => l !== lang)))}
            >
              {s.removeLanguage(languageName(lang))}
            </Button>
          ) : null}
        </fieldset>
      ))}
      <div className="offer-slot">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-add`}>
            {s.language}
          </label>
          <select id={`${id}-add`} className="field__input" value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">—</option>
            {LANGUAGES.filter(([code]) => !texts[code]).map(([code]) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          disabled={!adding}
          onClick={() => {
            onChange({ ...texts, [adding]: { title: "", description: "" } });
            setAdding("");
          }}
        >
          {s.addLanguage}
        </Button>
      </div>
    </>
  );
}
