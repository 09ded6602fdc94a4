import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import "./text-field.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  hint?: ReactNode;
  error?: string;
  id?: string;
}

/** An input with a visible <label> bound to it, an optional hint and a field error. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

interface HoneypotFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
}

/** The bot trap (AUTH-01): people never see or reach it, bots fill it in. */
export const HoneypotField = forwardRef<HTMLInputElement, HoneypotFieldProps>(function HoneypotField(
  { label, ...rest },
  ref,
) {
  const id = useId();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} type="text" tabIndex={-1} autoComplete="off" {...rest} />
    </div>
  );
});
