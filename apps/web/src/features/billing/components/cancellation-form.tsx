import { copy } from "@doorstep/shared/copy";
import { CANCELLATION_REASONS, CANCELLATION_REQUEST_TYPES } from "@doorstep/shared/rules/billing";
import { CreateCancellationRequest } from "@doorstep/shared/schemas/billing";
import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { schemaResolver } from "../../../lib/schema-form.ts";
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

/**
 * The request's own schema, reached from the form's strings: the selects start blank and a blank message is
 * left out. Every refused field shows its own "required" copy (BILL-43: all but the message required).
 */
const CancellationDraft = z.preprocess(
  (draft: Draft) => ({ ...draft, message: draft.message.trim() || undefined }),
  CreateCancellationRequest,
);

/** BILL-43…48, OPEN-28/29: the pause-or-cancel request; the thank-you replaces the form. */
export function CancellationForm({ initial }: { initial: Pick<Draft, "name" | "email" | "tel"> }) {
  const create = useCreateCancellationRequest();
  const form = useForm({
    resolver: schemaResolver(CancellationDraft),
    defaultValues: { ...initial, request: "", reason: "", message: "" },
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const requestId = useId();
  const reasonId = useId();
  const messageId = useId();
  const errorOf = (field: Field) => (errors[field] ? c.required[field] : undefined);

  if (create.isSuccess) {
    return (
      <div className="stack" role="status">
        <p className="cancellation__thanks">{c.thankYou}</p>
        {create.data.reviewInvitation ? <p className="cancellation__review">{c.reviewInvitation}</p> : null}
      </div>
    );
  }

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values);
  });

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField
        label={c.fields.name}
        autoComplete="name"
        required
        error={errorOf("name")}
        {...form.register("name")}
      />
      <TextField
        label={c.fields.email}
        type="email"
        autoComplete="email"
        required
        error={errorOf("email")}
        {...form.register("email")}
      />
      <TextField
        label={c.fields.tel}
        type="tel"
        autoComplete="tel"
        required
        error={errorOf("tel")}
        {...form.register("tel")}
      />
      <SelectField
        id={requestId}
        label={c.fields.request}
        error={errorOf("request")}
        {...form.register("request")}
        options={CANCELLATION_REQUEST_TYPES.map((value) => [value, c.requests[value]])}
      />
      <SelectField
        id={reasonId}
        label={c.fields.reason}
        error={errorOf("reason")}
        {...form.register("reason")}
        options={CANCELLATION_REASONS.map((value) => [value, c.reasons[value]])}
      />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          {c.fields.message} <span className="muted">({c.messageHint})</span>
        </label>
        <textarea id={messageId} className="field__input" rows={4} maxLength={5000} {...form.register("message")} />
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

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  id: string;
  label: string;
  options: (readonly [string, string])[];
  error?: string;
}

const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { id, label, options, error, ...rest },
  ref,
) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="field__input"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
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
});
