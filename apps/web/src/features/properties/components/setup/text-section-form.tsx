import { useState, type FormEvent, type InputHTMLAttributes } from "react";
import type { z } from "zod";
import { Alert } from "../../../../components/ui/banner.tsx";
import { TextField } from "../../../../components/ui/text-field.tsx";
import { fieldProblem } from "../../../../lib/schema-form.ts";
import { SectionActions } from "./setup-section.tsx";
import { useSectionSave } from "./use-section-save.ts";

interface TextSectionFormProps {
  label: string;
  initial: string;
  /**
   * The value's schema in the shared update request: its problem with the trimmed value shows under the input
   * and keeps Save disabled; a value it accepts blank may be saved blank.
   */
  schema: z.ZodType;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  hint?: string;
  maxLength?: number;
  /** Saves the trimmed value; rejects to keep the typed value and show the error. */
  save: (value: string) => Promise<unknown>;
  errorMessage?: (error: unknown) => string;
  onSkip?: () => void;
}

/** One text value of the setup flow, saved on its own; a failed save keeps what was typed. */
export function TextSectionForm({
  label,
  initial,
  schema,
  type = "text",
  autoComplete,
  hint,
  maxLength,
  save,
  errorMessage,
  onSkip,
}: TextSectionFormProps) {
  const [value, setValue] = useState(initial);
  const { busy, error, run } = useSectionSave(errorMessage);
  const trimmed = value.trim();
  const required = !schema.safeParse("").success;
  // A blank required value keeps Save disabled without a message, as before anything was typed.
  const problem = trimmed === "" ? undefined : fieldProblem(schema, trimmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && (!required || trimmed !== "")) void run(() => save(trimmed));
  };

  return (
    <form className="setup-form" onSubmit={submit} noValidate>
      <TextField
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={value}
        maxLength={maxLength}
        hint={hint}
        error={problem}
        onChange={(event) => setValue(event.target.value)}
        disabled={busy}
        autoFocus
      />
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={!problem && (!required || trimmed !== "")} onSkip={onSkip} />
    </form>
  );
}
