import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import "../../../components/ui/text-field.css";

interface FieldShell {
  label: string;
  error?: string;
  id?: string;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/** A <select> with its visible label and error, as TextField is for inputs. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldShell & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { children: ReactNode }
>(function SelectField({ label, error, id, children, ...rest }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
});

/** A <textarea> with its visible label and error. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldShell & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">
>(function TextAreaField({ label, error, id, ...rest }, ref) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="field">
      <label className="field__label" htmlFor={areaId}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : undefined}
        {...rest}
      />
      <FieldError id={`${areaId}-error`} error={error} />
    </div>
  );
});
