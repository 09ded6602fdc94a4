import { copy } from "@doorstep/shared/copy";
import { PLACE_CATEGORIES, type PlaceCategory } from "@doorstep/shared/rules/local-area";
import { languageName } from "@doorstep/shared/languages";
import { PlaceFields, type LocalPlaceDto } from "@doorstep/shared/schemas/local-area";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ImageUpload } from "../../../components/ui/image-upload.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useConfig } from "../../../lib/config.ts";
import {
  localAreaKeys,
  placeImagePath,
  useAddPlace,
  useDeletePlace,
  useUpdatePlace,
  type PlaceOwnerRef,
} from "../api/local-area.ts";
import { PlacePin } from "./place-pin.tsx";

const c = copy.localArea;

type TranslationDraft = Record<string, { title: string; detailText: string }>;

interface Draft {
  title: string;
  detailText: string;
  webLink: string;
  phone: string;
  address: string;
  categoryLabel: PlaceCategory;
  pin: { lat: number; lng: number } | null;
  /** The pin is still where the map opened (the property or the town), not yet put on the place. */
  pinUnmoved: boolean;
  translations: TranslationDraft;
}

const draftOf = (place: LocalPlaceDto | null, categoryLabel: PlaceCategory): Draft => ({
  title: place?.title ?? "",
  detailText: place?.detailText ?? "",
  webLink: place?.webLink ?? "",
  phone: place?.phone ?? "",
  address: place?.address ?? "",
  categoryLabel: place?.categoryLabel ?? categoryLabel,
  pin: place && place.lat !== null && place.lng !== null ? { lat: place.lat, lng: place.lng } : null,
  pinUnmoved: false,
  translations: Object.fromEntries(
    (place?.translations ?? []).map((t) => [t.language, { title: t.title ?? "", detailText: t.detailText ?? "" }]),
  ),
});

type Errors = Partial<Record<keyof Draft, string>>;

interface PlaceEditorProps {
  owner: PlaceOwnerRef;
  /** The place to edit, or null for a new custom place (LOCAL-11: an empty title). */
  place: LocalPlaceDto | null;
  categoryLabel: PlaceCategory;
  /** Where a new pin starts: the property or the profile's town. */
  centre: { lat: number; lng: number } | null;
  /** The guide languages besides English the host may write the place in. */
  languages: string[];
  onClose: () => void;
}

/**
 * The place editor (LOCAL-11/12): name, the host's recommendation, web link, phone, address, the pin on a
 * map, and — once the place exists — its photo. Errors show under their fields and nothing typed is lost.
 */
export function PlaceEditor({ owner, place: initial, categoryLabel, centre, languages, onClose }: PlaceEditorProps) {
  const formId = useId();
  const [place, setPlace] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial, categoryLabel));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const queryClient = useQueryClient();
  const config = useConfig();
  const add = useAddPlace(owner);
  const update = useUpdatePlace();
  const remove = useDeletePlace();
  const saving = add.isPending || update.isPending;
  const failure = add.error ?? update.error ?? remove.error;
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      title: draft.title,
      detailText: draft.detailText,
      webLink: draft.webLink,
      phone: draft.phone,
      address: draft.address,
      lat: draft.pin?.lat ?? null,
      lng: draft.pin?.lng ?? null,
    };
    const translations = languages
      .map((language) => ({ language, ...(draft.translations[language] ?? { title: "", detailText: "" }) }))
      .filter((t) => t.title.trim() || t.detailText.trim());
    const checked = PlaceFields.safeParse(fields);
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof Draft;
        next[key === ("lat" as keyof Draft) ? "pin" : key] ??= issue.message;
      }
      if (!draft.title.trim()) next.title = copy.common.required;
      setErrors(next);
      return;
    }
    // A pin left where the map opened would send guests to the property: the host puts it on the place first.
    if (draft.pin && draft.pinUnmoved) {
      setErrors({ pin: c.pinNotMoved });
      return;
    }
    setErrors({});
    try {
      const result = place
        ? await update.mutateAsync({
            placeId: place.id,
            body: { ...fields, categoryLabel: draft.categoryLabel, translations },
          })
        : await add.mutateAsync({ source: "custom", categoryLabel: draft.categoryLabel, ...fields, translations });
      // A new place stays open, now as itself: its photo can be added next.
      setPlace(result.place);
      setSaved(true);
    } catch {
      // The mutation's error shows below; the draft stays as typed.
    }
  };

  const onDelete = async () => {
    if (!place || !window.confirm(c.deletePlaceConfirm(place.title))) return;
    await remove.mutateAsync(place.id).then(onClose, () => undefined);
  };

  return (
    <form className="place-editor" id={formId} onSubmit={(e) => void submit(e)} noValidate>
      <h4 className="place-editor__title">{place ? c.editPlace(place.title) : c.newPlace}</h4>
      <TextField
        label={c.placeTitle}
        value={draft.title}
        maxLength={200}
        required
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-text`}>
          {c.placeText}
        </label>
        <textarea
          id={`${formId}-text`}
          className="field__input"
          rows={4}
          maxLength={2000}
          value={draft.detailText}
          aria-describedby={`${formId}-text-hint`}
          onChange={(e) => set({ detailText: e.target.value })}
        />
        <p className="field__hint" id={`${formId}-text-hint`}>
          {c.placeTextHint}
        </p>
        {errors.detailText ? <p className="field__error">{errors.detailText}</p> : null}
      </div>
      {languages.length > 0 ? (
        <details className="place-editor__translations">
          <summary>{c.translationsHeading(languages.length)}</summary>
          <p className="field__hint">{c.translationsHint(config.data?.machineTranslation ?? false)}</p>
          {languages.map((language) => {
            const value = draft.translations[language] ?? { title: "", detailText: "" };
            const setT = (patch: Partial<typeof value>) =>
              set({ translations: { ...draft.translations, [language]: { ...value, ...patch } } });
            const name = languageName(language);
            return (
              <fieldset key={language} className="place-editor__language" lang={language}>
                <legend>{name}</legend>
                <TextField
                  label={c.translatedTitle(name)}
                  value={value.title}
                  maxLength={200}
                  placeholder={draft.title}
                  hint={draft.title.trim() ? <span lang="en">{c.englishBeside(draft.title)}</span> : undefined}
                  onChange={(e) => setT({ title: e.target.value })}
                />
                <div className="field">
                  <label className="field__label" htmlFor={`${formId}-${language}-text`}>
                    {c.translatedText(name)}
                  </label>
                  <textarea
                    id={`${formId}-${language}-text`}
                    className="field__input"
                    rows={3}
                    maxLength={2000}
                    value={value.detailText}
                    aria-describedby={draft.detailText.trim() ? `${formId}-${language}-en` : undefined}
                    onChange={(e) => setT({ detailText: e.target.value })}
                  />
                  {/* The English being translated, beside the field (below it: the editor is one column). */}
                  {draft.detailText.trim() ? (
                    <p className="field__hint place-editor__english" id={`${formId}-${language}-en`} lang="en">
                      {c.englishBeside(draft.detailText)}
                    </p>
                  ) : null}
                </div>
              </fieldset>
            );
          })}
        </details>
      ) : null}
      {place ? (
        <div className="field">
          <label className="field__label" htmlFor={`${formId}-category`}>
            {c.placeCategory}
          </label>
          <select
            id={`${formId}-category`}
            className="field__input"
            value={draft.categoryLabel}
            onChange={(e) => set({ categoryLabel: e.target.value as PlaceCategory })}
          >
            {PLACE_CATEGORIES.map((label) => (
              <option key={label} value={label}>
                {c.categories[label].title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <TextField
        label={c.placeWebLink}
        type="url"
        inputMode="url"
        value={draft.webLink}
        error={errors.webLink}
        onChange={(e) => set({ webLink: e.target.value })}
      />
      <TextField
        label={c.placePhone}
        type="tel"
        value={draft.phone}
        error={errors.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      <TextField
        label={c.placeAddress}
        value={draft.address}
        error={errors.address}
        onChange={(e) => set({ address: e.target.value })}
      />
      <PlacePin
        pin={draft.pin}
        unmoved={draft.pinUnmoved}
        centre={centre}
        address={draft.address}
        title={draft.title}
        error={errors.pin}
        onChange={(pin, pinUnmoved) => {
          set({ pin, pinUnmoved });
          // The pin moved (or went): its old complaint no longer stands.
          setErrors(({ pin: _old, ...rest }) => rest);
        }}
      />
      {place ? (
        <ImageUpload
          label={c.placePhoto}
          currentUrl={place.imageUrl}
          alt={place.title}
          uploadUrl={placeImagePath(place.id)}
          removeUrl={placeImagePath(place.id)}
          onDone={() => queryClient.invalidateQueries({ queryKey: localAreaKeys.all })}
        />
      ) : null}
      {failure ? <Alert>{failure instanceof ApiError ? failure.message : copy.common.genericError}</Alert> : null}
      {saved ? (
        <p role="status" className="place-editor__saved">
          {c.saved}
        </p>
      ) : null}
      <div className="place-editor__actions">
        <Button type="submit" disabled={saving}>
          {saving ? c.saving : c.save}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {saved ? c.close : c.cancel}
        </Button>
        {place ? (
          <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
            {c.deletePlace}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
