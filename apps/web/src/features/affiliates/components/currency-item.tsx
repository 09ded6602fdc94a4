import { copy } from "@doorstep/shared/copy";
import { CURRENCIES, type Currency } from "@doorstep/shared/rules/billing";
import { useId, useState } from "react";
import { EditableItem, type ItemStatus } from "../../../components/ui/editable-item.tsx";

const p = copy.affiliates.payment;

/** AFF-14: the payment currency, edited on its own like every item (Edit / Cancel / Save, XCUT-19…21). */
export function CurrencyItem({ value, save }: { value: Currency; save: (currency: Currency) => Promise<unknown> }) {
  const inputId = useId();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState<Currency>(value);
  const submit = async () => {
    setStatus("fetching");
    try {
      await save(draft);
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };
  return (
    <EditableItem
      title={p.currency}
      inputId={inputId}
      display={<span>{p.currencies[value]}</span>}
      status={status}
      onEdit={() => {
        setDraft(value);
        setStatus("editing");
      }}
      onCancel={() => {
        setDraft(value);
        setStatus("idle");
      }}
      onSave={() => void submit()}
      canSave={draft !== value}
      error={copy.profile.saveError}
    >
      <select
        id={inputId}
        className="field__input"
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value as Currency);
          if (status === "error") setStatus("editing");
        }}
        autoFocus
      >
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {p.currencies[c]}
          </option>
        ))}
      </select>
    </EditableItem>
  );
}
