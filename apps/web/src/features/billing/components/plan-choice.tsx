import { copy } from "@doorstep/shared/copy";
import type { BillingCycle, Currency } from "@doorstep/shared/rules/billing";
import type { PlanDto, PlansResponse } from "@doorstep/shared/schemas/billing";
import { useId } from "react";
import { formatMoney } from "../../../lib/format.ts";

const b = copy.billing;

interface PlanChoiceProps {
  plans: PlansResponse;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  onCurrencyChange: (currency: Currency) => void;
  disabled: boolean;
}

/** BILL-02/03/11/16: the cycle (with "SAVE 20%" and the plan copy) and the currency, hidden when fixed. */
export function PlanChoice({ plans, cycle, onCycleChange, onCurrencyChange, disabled }: PlanChoiceProps) {
  const currencyId = useId();
  return (
    <div className="stack">
      <fieldset className="plan-choice" disabled={disabled}>
        <legend className="field__label">{b.cycle}</legend>
        {plans.cycles.map((option) => {
          const plan = plans.plans.find((p) => p.cycle === option);
          if (!plan) return null;
          return (
            <label key={option} className={`plan-option${option === cycle ? " plan-option--selected" : ""}`}>
              <input
                type="radio"
                name="cycle"
                value={option}
                checked={option === cycle}
                onChange={() => onCycleChange(option)}
              />
              <span className="plan-option__body">
                <span className="plan-option__name">
                  {option === "annual" ? b.annual : b.monthly}
                  {plan.saveMessage ? <span className="plan-option__save">{plan.saveMessage}</span> : null}
                </span>
                <span className="plan-option__price">
                  {formatMoney(plan.amount, plan.currencySymbol)} {b.perCycle[option]}
                </span>
                <span className="muted plan-option__copy">{plan.description}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {plans.currencyFixed ? null : (
        <div className="field">
          <label className="field__label" htmlFor={currencyId}>
            {b.currency}
          </label>
          <select
            id={currencyId}
            className="field__input"
            value={plans.currency}
            disabled={disabled}
            onChange={(event) => onCurrencyChange(event.target.value as Currency)}
          >
            {plans.currencies.map((code) => (
              <option key={code} value={code}>
                {code.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

/** The price for the server's property count (BILL-17, BILL-38), with the coupon's first-year price. */
export function PlanPrice({ plan }: { plan: PlanDto }) {
  return (
    <div className="plan-price" aria-live="polite">
      <p className="plan-price__amount">
        <strong>{formatMoney(plan.amount, plan.currencySymbol)}</strong> {b.perCycle[plan.cycle]}{" "}
        {b.priceFor(plan.quantity, b.unitLabels[plan.unitLabel])}
      </p>
      {plan.discountedAmount !== null ? (
        <p className="plan-price__discount">{b.firstYear(formatMoney(plan.discountedAmount, plan.currencySymbol))}</p>
      ) : null}
      {plan.renewalAmount !== null ? (
        <p className="muted">{b.renewsAt(formatMoney(plan.renewalAmount, plan.currencySymbol))}</p>
      ) : null}
      {plan.specialOffer ? <p className="plan-price__offer">{plan.specialOffer}</p> : null}
    </div>
  );
}
