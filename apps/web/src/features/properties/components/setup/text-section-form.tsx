import { copy } from "@doorstep/shared/copy";
import { useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { SectionActions } from "./setup-section.tsx";

interface TextSectionFormProps {
  label: string;
  initial: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  required?: boolean;
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
  type = "text",
  autoComplete,
  required = false,
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await save(value.trim());
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
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          onChange={(event) => setValue(event.target.value)}
          disabled={busy}
          autoFocus
        />
        {hint ? (
          <p className="field__hint" id={`${inputId}-hint`}>
            {hint}
          </p>
        ) : null}
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <SectionActions busy={busy} canSave={!required || value.trim() !== ""} onSkip={onSkip} />
    </form>
  );
}
