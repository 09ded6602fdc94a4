import { copy } from "@doorstep/shared/copy";
import type { SubscriptionState } from "@doorstep/shared/schemas/billing";
import { type FormEvent, useState } from "react";
import { Alert, Banner } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useUpdatePaymentMethod } from "../api/update-payment-method.ts";
import { CardForm } from "./card-form/card-form.tsx";
import { submissionLabel, useCardSubmission } from "./use-card-submission.ts";

const b = copy.billing;

/** "Visa •••• 4242, expires 04/2030". */
export function cardSummary(card: NonNullable<SubscriptionState["card"]>): string {
  return b.cardSummary(b.brands[card.brand] ?? card.brand, card.last4, card.expMonth, card.expYear);
}

/**
 * BILL-34/35: the card on file with Edit and the card form; when the card failed the form shows at once
 * and Edit is hidden (HOME-06). A new card is sent to PUT /api/billing/payment-method.
 */
export function PaymentDetails({ subscription }: { subscription: SubscriptionState }) {
  const failed = subscription.paymentFailed;
  const [editing, setEditing] = useState(false);
  const [updated, setUpdated] = useState(false);
  const update = useUpdatePaymentMethod();
  const submission = useCardSubmission();
  const open = failed || editing;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submission.busy || !submission.cardReady) return;
    setUpdated(false);
    const ok = await submission.run({
      alert: { cycle: subscription.plan?.cycle, currency: subscription.currency, planId: subscription.plan?.id },
      submit: async (paymentMethodId) => (await update.mutateAsync({ paymentMethodId })).paymentSuccess,
    });
    if (ok) {
      setEditing(false);
      setUpdated(true);
      submission.reset();
    }
  };

  const failure = submission.failure;
  return (
    <Card>
      <div className="billing-section__head">
        <h2 className="billing-section__title">{b.paymentDetails}</h2>
        {failed ? null : (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={editing}
            onClick={() => {
              setEditing((value) => !value);
              setUpdated(false);
              submission.reset();
            }}
          >
            {editing ? copy.common.cancel : copy.common.edit}{" "}
            <span className="visually-hidden">{b.paymentDetails}</span>
          </Button>
        )}
      </div>
      {failed ? <Banner tone="danger">{<p>{b.paymentFailed}</p>}</Banner> : null}
      <dl className="billing-details">
        <div className="billing-details__row">
          <dt>{b.cardOnFile}</dt>
          <dd>{subscription.card ? cardSummary(subscription.card) : b.noCard}</dd>
        </div>
      </dl>
      {updated ? <Alert tone="success">{b.cardUpdated}</Alert> : null}
      {open ? (
        <form className="stack billing-card-editor" onSubmit={onSubmit} noValidate>
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
              disabled={!submission.cardReady || submission.busy}
              busy={submission.phase === "checking" || submission.phase === "processing"}
            >
              {submissionLabel(submission.phase, b.saveCard)}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
