import { copy } from "@doorstep/shared/copy";
import { HEX_COLOUR } from "@doorstep/shared/rules/property";
import { useState, type ReactNode } from "react";
import { ColourField, ColourSwatch, isHexOrBlank } from "./colour-field.tsx";
import { EditableItem, type ItemStatus } from "./editable-item.tsx";

export interface ColourSlot {
  key: string;
  label: string;
  value: string | null;
}

export type ColourValues = Record<string, string | null>;

interface ColoursItemProps {
  title: string;
  slots: ColourSlot[];
  /** A live preview of the colours being edited (and of the stored ones while idle). */
  preview?: (values: ColourValues) => ReactNode;
  /** Shown above the fields while editing. */
  guidance?: string;
  /** Warning under a very light colour (SETUP-19). */
  lightWarning?: string;
  /** Saves the colours (null for blank); resolves once re-fetched. */
  save: (values: ColourValues) => Promise<unknown>;
  errorMessage?: string;
}

function toValues(slots: ColourSlot[], drafts: Record<string, string>): ColourValues {
  return Object.fromEntries(
    slots.map((slot) => [
      slot.key,
      HEX_COLOUR.test((drafts[slot.key] ?? "").trim()) ? (drafts[slot.key] ?? "").trim().toUpperCase() : null,
    ]),
  );
}

/** Several hex colours edited together with a live preview (SETUP-19, CO-01): Cancel restores them all. */
export function ColoursItem({
  title,
  slots,
  preview,
  guidance,
  lightWarning,
  save,
  errorMessage = copy.profile.saveError,
}: ColoursItemProps) {
  const stored = () => Object.fromEntries(slots.map((slot) => [slot.key, slot.value ?? ""]));
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [drafts, setDrafts] = useState<Record<string, string>>(stored);
  const [error, setError] = useState<string>();
  const valid = slots.every((slot) => isHexOrBlank(drafts[slot.key] ?? ""));
  const changed = slots.some(
    (slot) => (drafts[slot.key] ?? "").trim().toUpperCase() !== (slot.value ?? "").toUpperCase(),
  );

  const submit = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      await save(toValues(slots, drafts));
      setStatus("idle");
    } catch {
      setError(errorMessage);
      setStatus("error");
    }
  };
  const storedValues = Object.fromEntries(slots.map((slot) => [slot.key, slot.value]));

  return (
    <EditableItem
      title={title}
      display={
        <div className="colours-item__display">
          <div>
            {slots.map((slot) => (
              <ColourSwatch key={slot.key} label={slot.label} value={slot.value} />
            ))}
          </div>
          {preview ? preview(storedValues) : null}
        </div>
      }
      status={status}
      onEdit={() => {
        setDrafts(stored());
        setStatus("editing");
      }}
      onCancel={() => {
        setDrafts(stored());
        setError(undefined);
        setStatus("idle");
      }}
      onSave={() => void submit()}
      canSave={valid && changed}
      error={error}
    >
      {guidance ? <p className="field__hint">{guidance}</p> : null}
      {slots.map((slot) => (
        <ColourField
          key={slot.key}
          label={slot.label}
          value={drafts[slot.key] ?? ""}
          lightWarning={lightWarning}
          onChange={(value) => {
            setDrafts((current) => ({ ...current, [slot.key]: value }));
            if (status === "error") setStatus("editing");
          }}
        />
      ))}
      {preview ? preview(toValues(slots, drafts)) : null}
    </EditableItem>
  );
}
