import { copy } from "@doorstep/shared/copy";
import { HEX_COLOUR } from "@doorstep/shared/rules/property";
import { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Alert } from "../../../../components/ui/banner.tsx";
import { ColourField } from "../../../../components/ui/colour-field.tsx";
import { SectionActions } from "./setup-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

interface ColoursFormProps {
  primary: string | null;
  secondary: string | null;
  save: (colours: { hexPrimary: string | null; hexSecondary: string | null }) => Promise<unknown>;
  onSkip?: () => void;
}

// The colours as the property update parses them; blank saves null.
const ThemeColours = z.object({
  hexPrimary: UpdatePropertyRequest.shape.hexPrimary.unwrap(),
  hexSecondary: UpdatePropertyRequest.shape.hexSecondary.unwrap(),
});

/** Theme colours (PROP-32, SETUP-19): primary and secondary hex with guidance against very light colours. */
export function ColoursForm({ primary, secondary, save, onSkip }: ColoursFormProps) {
  const [hexPrimary, setPrimary] = useState(primary ?? "");
  const [hexSecondary, setSecondary] = useState(secondary ?? "");
  const { busy, error, run } = useSectionSave();
  const p = hexPrimary.trim();
  const s = hexSecondary.trim();
  const colours = ThemeColours.safeParse({ hexPrimary: p || null, hexSecondary: s || null });
  const canSave = colours.success && (p !== "" || s !== "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (colours.success && canSave) void run(() => save(colours.data));
  };

  const shownPrimary = HEX_COLOUR.test(p) ? p : "#0f766e";
  const shownSecondary = HEX_COLOUR.test(s) ? s : "#ffffff";
  return (
    <form className="setup-form" onSubmit={submit} noValidate>
      <p className="field__hint">{copy.basicSetup.colourGuidance}</p>
      <fieldset className="setup-form__row setup-form__fieldset" disabled={busy}>
        <ColourField
          label={copy.basicSetup.primaryColour}
          value={hexPrimary}
          onChange={setPrimary}
          lightWarning={copy.basicSetup.tooLight}
        />
        <ColourField
          label={copy.basicSetup.secondaryColour}
          value={hexSecondary}
          onChange={setSecondary}
          lightWarning={copy.basicSetup.tooLight}
        />
      </fieldset>
      <div
        className="colour-preview"
        role="img"
        aria-label={copy.setup.colourPreview}
        style={{ background: shownSecondary, borderColor: shownPrimary }}
      >
        <span className="colour-preview__bar" style={{ background: shownPrimary }} aria-hidden="true">
          {copy.setup.colourSample}
        </span>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={canSave} onSkip={onSkip} />
    </form>
  );
}
