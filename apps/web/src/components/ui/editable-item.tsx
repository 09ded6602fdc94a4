import { copy } from "@doorstep/shared/copy";
import type { FormEvent, ReactNode } from "react";
import { Alert } from "./banner.tsx";
import { Button } from "./button.tsx";
import "./editable-item.css";
import "./text-field.css";

/** Per-item save states (XCUT-19). */
export type ItemStatus = "idle" | "editing" | "fetching" | "success" | "error";

interface EditableItemProps {
  /** The item's name, e.g. "First name". */
  title: string;
  /** When the editor is one input, its id: the title then is that input's visible <label>. */
  inputId?: string;
  /** What idle shows: the value or a placeholder such as "Not entered". */
  display: ReactNode;
  status: ItemStatus;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  canSave: boolean;
  /** The editor: shown while editing, fetching or after an error. */
  children: ReactNode;
  error?: string;
  success?: string;
}

/**
 * One individually editable value (AUTH-40, XCUT-20): Edit → editing; Cancel → idle (the caller
 * restores the original value); Save → fetching. The toggle reads "Edit" while idle and "Cancel"
 * while editing or fetching.
 */
export function EditableItem({
  title,
  inputId,
  display,
  status,
  onEdit,
  onCancel,
  onSave,
  canSave,
  children,
  error,
  success,
}: EditableItemProps) {
  const open = status === "editing" || status === "fetching" || status === "error";
  const fetching = status === "fetching";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !fetching) onSave();
  };
  const titleNode =
    open && inputId ? (
      <label className="item__title" htmlFor={inputId}>
        {title}
      </label>
    ) : (
      <span className="item__title">{title}</span>
    );
  return (
    <div className={`item${open ? " item--open" : ""}`}>
      <div className="item__head">
        {titleNode}
        <Button variant="ghost" size="sm" onClick={open ? onCancel : onEdit} aria-expanded={open}>
          {open ? copy.common.cancel : copy.common.edit} <span className="visually-hidden">{title}</span>
        </Button>
      </div>
      {open ? (
        <form className="item__editor" onSubmit={submit} noValidate>
          <fieldset className="item__fields" disabled={fetching}>
            {children}
          </fieldset>
          {status === "error" && error ? <Alert>{error}</Alert> : null}
          <div className="item__actions">
            <Button type="submit" size="sm" disabled={!canSave || fetching} busy={fetching}>
              {fetching ? copy.common.saving : copy.common.save} <span className="visually-hidden">{title}</span>
            </Button>
          </div>
        </form>
      ) : (
        <div className="item__value">{display}</div>
      )}
      {status === "success" && success ? <Alert tone="success">{success}</Alert> : null}
    </div>
  );
}

/** The idle text for a value, or the placeholder when it is empty (XCUT-45). */
export function ItemValue({ value, empty }: { value: string | null | undefined; empty: string }) {
  return value ? <span>{value}</span> : <span className="item__empty">{empty}</span>;
}
