import { copy } from "@doorstep/shared/copy";
import { useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import type { z } from "zod";
import { Alert } from "../../../../components/ui/banner.tsx";
import { fieldProblem } from "../../../../lib/schema-form.ts";
import { SectionActions } from "./setup-section.tsx";

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
  const inputId = useId();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const trimmed = value.trim();
  const required = !schema.safeParse("").success;
  // A blank required value keeps Save disabled without a message, as before anything was typed.
  const problem = trimmed === "" ? undefined : fieldProblem(schema, trimmed);
  const describedBy = [hint ? `${inputId}-hint` : "", problem ? `${inputId}-problem` : ""].filter(Boolean).join(" ");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || problem || (required && trimmed === "")) return;
    setBusy(true);
    setError(undefined);
    try {
      await save(trimmed);
    } catch (cause) {
      setError(errorMessage ? errorMessage(cause) : copy.setup.saveError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="setup-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          value={value}
          maxLength={maxLength}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setValue(event.target.value)}
          disabled={busy}
          autoFocus
        />
        {hint ? (
          <p className="field__hint" id={`${inputId}-hint`}>
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p className="field__error" id={`${inputId}-problem`}>
            {problem}
          </p>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={!problem && (!required || trimmed !== "")} onSkip={onSkip} />
    </form>
  );
}
