import { copy } from "@doorstep/shared/copy";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { z } from "zod";
import { fieldProblem } from "../../lib/schema-form.ts";
import { EditableItem, ItemValue, type ItemStatus } from "./editable-item.tsx";

interface TextItemProps {
  title: string;
  value: string | null;
  empty?: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  /**
   * The value's schema in the shared update request, so the browser applies the server's rule: its problem
   * with the trimmed draft shows under the input and keeps Save disabled.
   */
  schema?: z.ZodType;
  /** Whether it cannot be saved blank; by default, when its schema refuses "" (optional ones clear with "", MGR-08). */
  required?: boolean;
  /** What idle shows instead of the plain value. */
  display?: ReactNode;
  /** Saves the trimmed value; resolves once the data has been re-fetched. */
  save: (value: string) => Promise<unknown>;
  /** The copy for a failed save. */
  errorMessage?: (error: unknown) => string;
}

/** One text value edited on its own (AUTH-40, AUTH-41, XCUT-19…21); a failed save keeps the typed value. */
export function TextItem({
  title,
  value,
  empty = copy.common.notEntered,
  type = "text",
  autoComplete,
  placeholder,
  hint,
  schema,
  required = schema ? !schema.safeParse("").success : true,
  display,
  save,
  errorMessage,
}: TextItemProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemId = `${inputId}-problem`;
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(value ?? "");
  const [error, setError] = useState<string>();
  const trimmed = draft.trim();
  // A blank required value keeps Save disabled without a message, as before anything was typed.
  const problem = trimmed === "" || !schema ? undefined : fieldProblem(schema, trimmed);

  const edit = () => {
    setDraft(value ?? "");
    setStatus("editing");
  };
  // XCUT-20: Cancel returns to idle and restores the original value.
  const cancel = () => {
    setDraft(value ?? "");
    setError(undefined);
    setStatus("idle");
  };
  const submit = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      await save(trimmed);
      setStatus("idle");
    } catch (cause) {
      setError(errorMessage ? errorMessage(cause) : copy.profile.saveError);
      setStatus("error");
    }
  };

  const describedBy = [hint ? hintId : "", problem ? problemId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <EditableItem
      title={title}
      inputId={inputId}
      display={display ?? <ItemValue value={value} empty={empty} />}
      status={status}
      onEdit={edit}
      onCancel={cancel}
      onSave={() => void submit()}
      canSave={(!required || trimmed !== "") && !problem && trimmed !== (value ?? "")}
      error={error}
    >
      <input
        id={inputId}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={draft}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setDraft(event.target.value);
          if (status === "error") setStatus("editing");
        }}
        required={required}
        autoFocus
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="field__error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </EditableItem>
  );
}
