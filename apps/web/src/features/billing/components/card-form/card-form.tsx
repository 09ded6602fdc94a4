import { copy } from "@doorstep/shared/copy";
import { lazy, Suspense } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { useConfig } from "../../../../lib/config.ts";
import type { CardFormProps } from "./card-form-types.ts";
import { CardMarks } from "./card-marks.tsx";
import { LocalCardFields } from "./local-card-fields.tsx";
import "./card-form.css";

// Only hosts with a publishable key download Stripe.js and its React bindings (docs/architecture.md §9).
const StripeCardElement = lazy(() => import("./stripe-card-element.tsx"));

/**
 * The card form (BILL-19): Stripe Elements when a publishable key is configured, otherwise the local
 * gateway's test-mode fields (docs/architecture.md §6); the visa/amex/mastercard marks either way.
 */
export function CardForm(props: CardFormProps) {
  const config = useConfig();
  if (config.isPending) return <Spinner />;
  if (config.isError) return <Alert>{copy.billing.cardLoadFailed}</Alert>;
  const publishableKey = config.data.payments.stripePublishableKey;
  return (
    <div className="stack">
      <CardMarks />
      {publishableKey ? (
        <Suspense fallback={<Spinner />}>
          <StripeCardElement publishableKey={publishableKey} {...props} />
        </Suspense>
      ) : (
        <LocalCardFields {...props} />
      )}
    </div>
  );
}
