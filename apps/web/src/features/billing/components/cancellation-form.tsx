import { copy } from "@doorstep/shared/copy";
import { CANCELLATION_REASONS, CANCELLATION_REQUEST_TYPES } from "@doorstep/shared/rules/billing";
import { CreateCancellationRequest } from "@doorstep/shared/schemas/billing";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useCreateCancellationRequest } from "../api/create-cancellation-request.ts";

const c = copy.billing.cancellation;
type Field = keyof typeof c.required;

interface Draft {
  name: string;
  email: string;
  tel: string;
  request: string;
  reason: string;
  message: string;
}

/** The fields the shared schema refuses, so each shows its own message (BILL-43: all but the message required). */
function invalidFields(draft: Draft): Set<Field> {
  const result = CreateCancellationRequest.safeParse({ ...draft, message: draft.message.trim() || undefined });
  return new Set(
    result.success
      ? []
      : result.error.issues
          .map((issue) => issue.path[0])
          .filter((key): key is Field => typeof key === "string" && key in c.required),
  );
}

/** BILL-43…48, OPEN-28/29: the pause-or-cancel request; the thank-you replaces the form. */
export function CancellationForm({ initial }: { initial: Pick<Draft, "name" | "email" | "tel"> }) {
  const create = useCreateCancellationRequest();
  const [draft, setDraft] = useState<Draft>({ ...initial, request: "", reason: "", message: "" });
  const [submitted, setSubmitted] = useState(false);
  const requestId = useId();
  const reasonId = useId();
  const messageId = useId();
  const invalid = invalidFields(draft);
  const errorOf = (field: Field) => (submitted && invalid.has(field) ? c.required[field] : undefined);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  if (create.isSuccess) {
    return (
      <div className="stack" role="status">
        <p className="cancellation__thanks">{c.thankYou}</p>
        {create.data.reviewInvitation ? <p className="cancellation__review">{c.reviewInvitation}</p> : null}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = CreateCancellationRequest.safeParse({ ...draft, message: draft.message.trim() || undefined });
    if (!parsed.success || create.isPending) return;
    create.mutate(parsed.data);
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        label={c.fields.name}
        value={draft.name}
        onChange={set("name")}
        autoComplete="name"
        required
        error={errorOf("name")}
      />
      <TextField
        label={c.fields.email}
        type="email"
        value={draft.email}
        onChange={set("email")}
        autoComplete="email"
        required
        error={errorOf("email")}
      />
      <TextField
        label={c.fields.tel}
        type="tel"
        value={draft.tel}
        onChange={set("tel")}
        autoComplete="tel"
        required
        error={errorOf("tel")}
      />
      <SelectField
        id={requestId}
        label={c.fields.request}
        value={draft.request}
        onChange={set("request")}
        error={errorOf("request")}
        options={CANCELLATION_REQUEST_TYPES.map((value) => [value, c.requests[value]])}
      />
      <SelectField
        id={reasonId}
        label={c.fields.reason}
        value={draft.reason}
        onChange={set("reason")}
        error={errorOf("reason")}
        options={CANCELLATION_REASONS.map((value) => [value, c.reasons[value]])}
      />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          {c.fields.message} <span className="muted">({c.messageHint})</span>
        </label>
        <textarea
          id={messageId}
          className="field__input"
          rows={4}
          maxLength={5000}
          value={draft.message}
          onChange={set("message")}
        />
      </div>
      {create.isError ? <Alert>{c.failed}</Alert> : null}
      <div>
        <Button type="submit" busy={create.isPending} disabled={create.isPending}>
          {create.isPending ? c.submitting : c.submit}
        </Button>
      </div>
    </form>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: (readonly [string, string])[];
  error?: string;
}

function SelectField({ id, label, value, onChange, options, error }: SelectFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={onChange}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{c.choose}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
