import { copy } from "@doorstep/shared/copy";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { useMe } from "../../../lib/session.ts";
import { useCreateSubscription } from "../api/create-subscription.ts";
import { usePlans } from "../api/list-plans.ts";
import { CardForm } from "./card-form/card-form.tsx";
import { submissionLabel, useCardSubmission } from "./use-card-submission.ts";

const b = copy.billing;

/**
 * The setup flow's card step (PROP-35…37, OPEN-04/05): the user's own 1-property monthly price and the
 * card form; a card creates a (trialing) monthly subscription. Any failure reads "Card details were not
 * saved. Please try again." and clears the form (PROP-36). Hidden once the account has a subscription.
 */
export function SetupPaymentCard({ successPath }: { successPath: string }) {
  const navigate = useNavigate();
  const me = useMe();
  // A failed card means a subscription exists (OPEN-07): it is fixed on /subscription, not subscribed again.
  const hasSubscription = (me.data?.user.account.hasSubscription || me.data?.user.account.paymentFailed) ?? false;
  const plans = usePlans({}, !hasSubscription);
  const subscribe = useCreateSubscription();
  const submission = useCardSubmission();
  if (hasSubscription) return null;
  if (plans.isPending) return <Spinner />;
  // Without prices (e.g. a team member, BILL-49) the host can still continue without a card.
  if (plans.isError) return null;
  const plan = plans.data.plans.find((p) => p.cycle === "monthly");
  if (!plan) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submission.busy || !submission.cardReady) return;
    const request = {
      cycle: "monthly" as const,
      currency: plans.data.currencyFixed ? undefined : plans.data.currency,
      planId: plan.id,
    };
    const ok = await submission.run({
      alert: request,
      failureMessage: b.cardNotSaved,
      submit: async (paymentMethodId) => {
        const result = await subscribe.mutateAsync({ ...request, paymentMethodId });
        return result.paymentSuccess && result.subscriptionSuccess;
      },
    });
    if (ok) void navigate(successPath);
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <p className="setup-plan__price">
        {b.setupPaymentIntro(formatMoney(plan.singlePropertyAmount, plan.currencySymbol))}
      </p>
      <CardForm
        ref={submission.card}
        onReadyChange={submission.setCardReady}
        disabled={submission.busy}
        error={submission.failure?.message}
      />
      <div>
        <Button
          type="submit"
          disabled={!submission.cardReady || submission.busy}
          busy={submission.phase === "checking" || submission.phase === "processing"}
        >
          {submissionLabel(submission.phase, b.setupPaymentSave)}
        </Button>
      </div>
    </form>
  );
}
