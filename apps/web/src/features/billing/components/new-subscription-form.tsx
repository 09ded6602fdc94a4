import { copy } from "@doorstep/shared/copy";
import type { BillingCycle, Currency } from "@doorstep/shared/rules/billing";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useCreateSubscription } from "../api/create-subscription.ts";
import { usePlans } from "../api/list-plans.ts";
import { CardForm } from "./card-form/card-form.tsx";
import { CouponField } from "./coupon-field.tsx";
import { PlanChoice, PlanPrice } from "./plan-choice.tsx";
import { submissionLabel, useCardSubmission } from "./use-card-submission.ts";

const b = copy.billing;

/** Without a subscription (BILL-02…32): plan, currency, the server's count and price, coupon and the card. */
export function NewSubscriptionForm() {
  const navigate = useNavigate();
  const [currency, setCurrency] = useState<Currency | undefined>();
  const [coupon, setCoupon] = useState<string | undefined>();
  const [chosenCycle, setCycle] = useState<BillingCycle | undefined>();
  const plans = usePlans({ currency, coupon });
  const subscribe = useCreateSubscription();
  const submission = useCardSubmission();

  if (plans.isPending) return <Spinner />;
  if (plans.isError) return <Alert>{copy.common.genericError}</Alert>;
  const data = plans.data;
  const cycle =
    chosenCycle && data.cycles.includes(chosenCycle)
      ? chosenCycle
      : data.cycles.includes("monthly")
        ? "monthly"
        : data.cycles[0]!;
  const plan = data.plans.find((p) => p.cycle === cycle) ?? null;
  const appliedCoupon = data.coupon?.code;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan || submission.busy || !submission.cardReady) return;
    const request = {
      cycle,
      currency: data.currencyFixed ? undefined : data.currency,
      planId: plan.id,
      coupon: appliedCoupon,
    };
    const ok = await submission.run({
      alert: request,
      submit: async (paymentMethodId) => {
        const result = await subscribe.mutateAsync({ ...request, paymentMethodId });
        return result.paymentSuccess && result.subscriptionSuccess;
      },
    });
    if (ok) void navigate(b.successPath);
  };

  const failure = submission.failure;
  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <Card>
        <div className="stack">
          <PlanChoice
            plans={data}
            cycle={cycle}
            onCycleChange={setCycle}
            onCurrencyChange={setCurrency}
            disabled={submission.busy}
          />
          {plan ? <PlanPrice plan={plan} /> : null}
          <CouponField
            applied={coupon}
            coupon={data.coupon}
            checking={plans.isFetching}
            disabled={submission.busy}
            onApply={setCoupon}
          />
        </div>
      </Card>
      <Card>
        <div className="stack">
          <h2 className="billing-section__title">{b.cardDetails}</h2>
          <CardForm
            ref={submission.card}
            onReadyChange={submission.setCardReady}
            disabled={submission.busy}
            error={failure?.where === "card" ? failure.message : undefined}
          />
          {failure?.where === "form" ? <Alert>{failure.message}</Alert> : null}
          <div>
            <Button
              type="submit"
              disabled={!plan || !submission.cardReady || submission.busy}
              busy={submission.phase === "checking" || submission.phase === "processing"}
            >
              {submissionLabel(submission.phase, b.startSubscription)}
            </Button>
          </div>
        </div>
      </Card>
    </form>
  );
}
