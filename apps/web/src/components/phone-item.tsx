import { copy } from "@doorstep/shared/copy";
import { formatPhone, type CountryCode } from "@doorstep/shared/rules/phone";
import { useState } from "react";
import type { z } from "zod";
import { fieldProblem } from "../lib/schema-form.ts";
import { EditableItem, ItemValue, type ItemStatus } from "./ui/editable-item.tsx";
import { PhoneField } from "./phone-field.tsx";

interface PhoneItemProps {
  title: string;
  /** The stored number: E.164, or as stored before numbers were checked (shown as it is). */
  value: string | null;
  /** The request's phone schema (PhoneNumber or ClearablePhoneNumber): its problem shows under the field. */
  schema: z.ZodType;
  defaultCountry?: CountryCode;
  hint?: string;
  /** Saves the E.164 number ("" to clear, where the schema allows it); resolves once the data is re-fetched. */
  save: (value: string) => Promise<unknown>;
  errorMessage?: (error: unknown) => string;
}

/** A phone number edited on its own, with its country chooser (AUTH-40/41, MGR-07/08, XCUT-19…21). */
export function PhoneItem({ title, value, schema, defaultCountry, hint, save, errorMessage }: PhoneItemProps) {
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(value ?? "");
  const [error, setError] = useState<string>();
  // Opening the editor again starts from the stored number, not from what was typed before Cancel.
  const [session, setSession] = useState(0);
  const required = !schema.safeParse("").success;
  const problem = draft === "" ? undefined : fieldProblem(schema, draft);

  const edit = () => {
    setDraft(value ?? "");
    setSession((n) => n + 1);
    setStatus("editing");
  };
  const cancel = () => {
    setDraft(value ?? "");
    setError(undefined);
    setStatus("idle");
  };
  const submit = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      await save(draft);
      setStatus("idle");
    } catch (cause) {
      setError(errorMessage ? errorMessage(cause) : copy.profile.saveError);
      setStatus("error");
    }
  };

  return (
    <EditableItem
      title={title}
      display={<ItemValue value={value ? formatPhone(value) : null} empty={copy.common.notEntered} />}
      status={status}
      onEdit={edit}
      onCancel={cancel}
      onSave={() => void submit()}
      canSave={(!required || draft !== "") && !problem && draft !== (value ?? "")}
      error={error}
    >
      <PhoneField
        key={session}
        label={title}
        initial={value}
        defaultCountry={defaultCountry}
        hint={hint}
        error={problem}
        onChange={(next) => {
          setDraft(next);
          if (status === "error") setStatus("editing");
        }}
        autoFocus
        hideLegend
      />
    </EditableItem>
  );
}
