import { copy } from "@doorstep/shared/copy";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useEffect, useId, useImperativeHandle, useState } from "react";
import { createSetupIntent } from "../../api/create-setup-intent.ts";
import { CardProviderError, type CardFormProps } from "./card-form-types.ts";

// One Stripe.js load per publishable key for the life of the page.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe Elements (BILL-19/20/50): card details go only to Stripe; the browser confirms a SetupIntent and
 * hands the page the payment method id. Loaded lazily, so Stripe stays out of the initial bundle.
 */
export default function StripeCardElement({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ ref, onReadyChange, disabled, error }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [mounted, setMounted] = useState(false);
  const [complete, setComplete] = useState(false);
  const [providerMessage, setProviderMessage] = useState<string | null>(null);
  const ready = Boolean(stripe && elements && mounted && complete);

  useEffect(() => onReadyChange(ready), [ready, onReadyChange]);

  useImperativeHandle(ref, () => ({
    async createPaymentMethod() {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new CardProviderError(copy.billing.cardLoadFailed);
      const clientSecret = await createSetupIntent();
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) throw new CardProviderError(result.error.message ?? copy.billing.cardNotSaved);
      const method = result.setupIntent.payment_method;
      if (!method) throw new CardProviderError(copy.billing.cardNotSaved);
      return { id: typeof method === "string" ? method : method.id };
    },
    clearAfterFailure() {
      elements?.getElement(CardElement)?.clear();
      setComplete(false);
    },
  }));

  return (
    <div className="card-form">
      <div className="field" role="group" aria-labelledby={labelId}>
        <span className="field__label" id={labelId}>
          {copy.billing.cardElement}
        </span>
        <div className="card-form__element">
          <CardElement
            options={{ disabled, hidePostalCode: false }}
            onReady={() => setMounted(true)}
            onChange={(event) => {
              setComplete(event.complete);
              setProviderMessage(event.error?.message ?? null);
            }}
          />
        </div>
      </div>
      {error || providerMessage ? (
        <p className="field__error card-form__error" role="alert">
          {error ?? providerMessage}
        </p>
      ) : null}
    </div>
  );
}
