import { copy } from "@doorstep/shared/copy";
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { TextField } from "../../../../components/ui/text-field.tsx";
import { createLocalPaymentMethod } from "../../api/create-local-payment-method.ts";
import type { CardFormProps } from "./card-form-types.ts";
import { caretAfterDigits, formatExpiry, groupCardNumber } from "./format-card-input.ts";
import { parseLocalCard } from "./parse-local-card.ts";

const b = copy.billing;

/**
 * The local gateway's own card fields (docs/architecture.md §6): clearly marked as test mode, with Stripe's test
 * cards listed; the number goes to our server's local gateway, which refuses it in production.
 */
export function LocalCardFields({ ref, onReadyChange, disabled, error }: CardFormProps) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [touched, setTouched] = useState({ number: false, expiry: false, cvc: false });
  const parsed = parseLocalCard({ number, expiry, cvc });
  const ready = parsed.card !== null;

  useEffect(() => onReadyChange(ready), [ready, onReadyChange]);

  useImperativeHandle(ref, () => ({
    async createPaymentMethod() {
      if (!parsed.card) throw new Error("The card form is not complete.");
      const method = await createLocalPaymentMethod(parsed.card);
      return { id: method.id };
    },
    clearAfterFailure() {
      // A declined card keeps its number and expiry to correct or retry; only the security code goes.
      setCvc("");
      setTouched((t) => ({ ...t, cvc: false }));
    },
  }));

  // The number is regrouped as it is typed: the caret stays after the same digit, not at the end.
  const numberInput = useRef<HTMLInputElement>(null);
  const numberCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (numberCaret.current === null || document.activeElement !== numberInput.current) return;
    numberInput.current?.setSelectionRange(numberCaret.current, numberCaret.current);
    numberCaret.current = null;
  }, [number]);

  const touch = (field: keyof typeof touched) => () => setTouched((t) => ({ ...t, [field]: true }));
  return (
    <div className="card-form">
      <aside className="test-mode" aria-label={b.testModeTitle}>
        <p className="test-mode__title">
          <strong>{b.testModeTitle}</strong>
        </p>
        <p>{b.localTestMode}</p>
        <p>{b.testCardsIntro}</p>
        <ul className="test-mode__cards">
          {b.testCards.map(([card, behaviour]) => (
            <li key={card}>
              <code>{card}</code> {behaviour}
            </li>
          ))}
        </ul>
      </aside>
      <fieldset className="card-form__fields" disabled={disabled}>
        <TextField
          label={b.cardNumber}
          className="card-form__number"
          value={number}
          ref={numberInput}
          onChange={(event) => {
            const { value, selectionStart } = event.target;
            const grouped = groupCardNumber(value);
            const digitsBefore = value.slice(0, selectionStart ?? value.length).replace(/\D/g, "").length;
            numberCaret.current = caretAfterDigits(grouped, digitsBefore);
            setNumber(grouped);
          }}
          onBlur={touch("number")}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          error={touched.number && parsed.errors.number ? b.cardNumberInvalid : undefined}
        />
        <TextField
          label={b.cardExpiry}
          value={expiry}
          onChange={(event) => {
            const typed = event.target.value;
            setExpiry(formatExpiry(typed, typed.length < expiry.length));
          }}
          onBlur={touch("expiry")}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={touched.expiry && parsed.errors.expiry ? b.cardExpiryInvalid : undefined}
        />
        <TextField
          label={b.cardCvc}
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/[^0-9]/g, "").slice(0, 4))}
          onBlur={touch("cvc")}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={touched.cvc && parsed.errors.cvc ? b.cardCvcInvalid : undefined}
        />
      </fieldset>
      {error ? (
        <p className="field__error card-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
