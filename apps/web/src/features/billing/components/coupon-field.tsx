import { copy } from "@doorstep/shared/copy";
import type { PlansResponse } from "@doorstep/shared/schemas/billing";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";

const b = copy.billing;

interface CouponFieldProps {
  applied: string | undefined;
  coupon: PlansResponse["coupon"];
  checking: boolean;
  disabled: boolean;
  onApply: (code: string | undefined) => void;
}

/** BILL-18: a coupon code the server checks by pricing the plans with it (P10: 10% off the first year). */
export function CouponField({ applied, coupon, checking, disabled, onApply }: CouponFieldProps) {
  const id = useId();
  const [code, setCode] = useState(applied ?? "");
  const status =
    applied && !checking ? (coupon ? b.couponApplied(coupon.percentOff, coupon.months) : b.couponUnknown) : null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {b.coupon}
      </label>
      <div className="coupon-field__row">
        <input
          id={id}
          className="field__input"
          value={code}
          maxLength={40}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={applied && !checking && !coupon ? true : undefined}
          aria-describedby={status ? `${id}-status` : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onApply(code.trim() || undefined);
            }
          }}
        />
        <Button variant="secondary" disabled={disabled || checking} onClick={() => onApply(code.trim() || undefined)}>
          {b.applyCoupon}
        </Button>
      </div>
      {status ? (
        <p id={`${id}-status`} className={coupon ? "field__hint coupon-field__ok" : "field__error"} role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
