import { copy } from "@doorstep/shared/copy";
import { useId, useState, type InputHTMLAttributes } from "react";
import { EditableItem, ItemValue, type ItemStatus } from "../../../components/ui/editable-item.tsx";

interface TextItemProps {
  title: string;
  value: string | null;
  empty?: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  /** Saves the trimmed value; resolves once the data has been re-fetched. */
  save: (value: string) => Promise<unknown>;
  /** The copy for a failed save. */
  errorMessage?: (error: unknown) => string;
}

/** One text value edited on its own (AUTH-40, AUTH-41, XCUT-19…21). */
export function TextItem({ title, value, empty = copy.common.notEntered, type = "text", autoComplete, save, errorMessage }: TextItemProps) {
  const inputId = useId();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(value ?? "");
  const [error, setError] = useState<string>();

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
      await save(draft.trim());
      setStatus("idle");
    } catch (cause) {
      setError(errorMessage ? errorMessage(cause) : copy.profile.saveError);
      setStatus("error");
    }
  };

  return (
    <EditableItem
      title={title}
      inputId={inputId}
      display={<ItemValue value={value} empty={empty} />}
      status={status}
      onEdit={edit}
      onCancel={cancel}
      onSave={() => void submit()}
      canSave={draft.trim() !== ""}
      error={error}
    >
      <input
        id={inputId}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (status === "error") setStatus("editing");
        }}
        required
        autoFocus
      />
    </EditableItem>
  );
}
