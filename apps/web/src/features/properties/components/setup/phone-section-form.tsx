import type { CountryCode } from "@doorstep/shared/rules/phone";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { PhoneField } from "../../../../components/phone-field.tsx";
import { Alert } from "../../../../components/ui/banner.tsx";
import { fieldProblem } from "../../../../lib/schema-form.ts";
import { SectionActions } from "./setup-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

interface PhoneSectionFormProps {
  label: string;
  initial: string;
  /** The request's phone schema: its problem shows under the field and keeps Save disabled. */
  schema: z.ZodType;
  defaultCountry?: CountryCode;
  hint?: string;
  /** Saves the E.164 number ("" to clear where the schema allows it); rejects to keep what was typed. */
  save: (value: string) => Promise<unknown>;
  onSkip?: () => void;
}

/** The setup flow's host telephone (PROP-32) with its country chooser; a failed save keeps what was typed. */
export function PhoneSectionForm({
  label,
  initial,
  schema,
  defaultCountry,
  hint,
  save,
  onSkip,
}: PhoneSectionFormProps) {
  const [value, setValue] = useState(initial);
  const { busy, error, run } = useSectionSave();
  const required = !schema.safeParse("").success;
  const problem = value === "" ? undefined : fieldProblem(schema, value);
  const canSave = !problem && (!required || value !== "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) void run(() => save(value));
  };

  return (
    <form className="setup-form" onSubmit={submit} noValidate>
      <PhoneField
        label={label}
        initial={initial || null}
        defaultCountry={defaultCountry}
        hint={hint}
        error={problem}
        disabled={busy}
        onChange={setValue}
        autoFocus
      />
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={canSave} onSkip={onSkip} />
    </form>
  );
}
