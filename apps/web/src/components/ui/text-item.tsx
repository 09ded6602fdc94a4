import { copy } from "@doorstep/shared/copy";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { EditableItem, ItemValue, type ItemStatus } from "./editable-item.tsx";

interface TextItemProps {
  title: string;
  value: string | null;
  empty?: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  /** Required values cannot be saved blank (the default); optional ones save "" to clear (MGR-08). */
  required?: boolean;
  /** A field problem for the trimmed draft, shown under the input; Save stays disabled while there is one. */
  validate?: (value: string) => string | undefined;
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
  required = true,
  validate,
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
  const problem = trimmed === "" ? undefined : validate?.(trimmed);

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
      canSave={(required ? trimmed !== "" : true) && !problem && trimmed !== (value ?? "")}
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
