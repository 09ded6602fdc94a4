import { copy } from "@doorstep/shared/copy";
import type { SubscriptionState } from "@doorstep/shared/schemas/billing";
import { useState } from "react";
import { Link } from "../../../components/ui/link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { formatLongDate, formatMoney } from "../../../lib/format.ts";
import { NextInvoice } from "./next-invoice.tsx";
import { DetailRows } from "./detail-rows.tsx";

const b = copy.billing;

/** BILL-33/37/39: plan, billed quantity, amount, the current period and the next invoice; Edit points to /cancellation. */
export function SubscriptionDetails({ subscription }: { subscription: SubscriptionState }) {
  const [editing, setEditing] = useState(false);
  const { plan, status } = subscription;
  const rows: [string, string][] = [];
  if (plan) rows.push([b.plan, plan.name]);
  if (status) rows.push([b.status, b.statuses[status]]);
  const unit = b.unitLabels[plan?.unitLabel ?? "property"];
  rows.push([b.quantity, b.units(subscription.quantity, unit)]);
  if (subscription.amount !== null) {
    rows.push([
      b.amount,
      `${formatMoney(subscription.amount, subscription.currencySymbol)}${plan ? ` ${b.perCycle[plan.cycle]}` : ""}`,
    ]);
  }
  if (subscription.currentPeriodStart && subscription.currentPeriodEnd) {
    rows.push([
      b.currentPeriod,
      b.period(formatLongDate(subscription.currentPeriodStart), formatLongDate(subscription.currentPeriodEnd)),
    ]);
  }
  return (
    <Card>
      <div className="billing-section__head">
        <h2 className="billing-section__title">{b.subscriptionDetails}</h2>
        <Button variant="ghost" size="sm" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
          {editing ? copy.common.cancel : copy.common.edit}{" "}
          <span className="visually-hidden">{b.subscriptionDetails}</span>
        </Button>
      </div>
      <dl className="billing-details">
        <DetailRows rows={rows} />
      </dl>
      {status === "trialing" ? <p className="muted">{b.trialingNote}</p> : null}
      {subscription.nextPaymentAt ? <p>{b.nextPayment(formatLongDate(subscription.nextPaymentAt))}</p> : null}
      {subscription.upcomingInvoice ? <NextInvoice invoice={subscription.upcomingInvoice} /> : null}
      {editing ? (
        <p className="billing-note" role="status">
          {b.editSubscriptionNote} <Link to="/cancellation">{b.cancellationLink}</Link>
        </p>
      ) : null}
    </Card>
  );
}
