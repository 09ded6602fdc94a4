import { copy } from "@doorstep/shared/copy";
import type { OrderDto } from "@doorstep/shared/schemas/store";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { useOrderAction, useOrders, useRevenue } from "../api/orders.ts";
import { amountText, money, parseAmount } from "../components/money.ts";
import "../../../components/ui/text-field.css";
import "./store.css";

const o = copy.orders;

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

type Dialogs = { kind: "decline" | "refund"; order: OrderDto } | null;

function OrderCard({
  order,
  onDialog,
  onDone,
}: {
  order: OrderDto;
  onDialog: (d: Dialogs) => void;
  onDone: (m: string) => void;
}) {
  const action = useOrderAction();
  const pending = order.status === "pending";
  const refundable =
    (order.status === "confirmed" || order.status === "partially-refunded") && order.amount > order.refundedAmount;
  return (
    <li
      className={`order-card${pending ? " order-card--pending" : ""}`}
      aria-label={`${order.offerTitle}, ${order.guestName}`}
    >
      <div className="order-card__body">
        <h2>
          {order.offerTitle}
          {order.slotTime ? ` · ${order.slotTime}` : order.quantity > 1 ? ` × ${order.quantity}` : ""}
        </h2>
        <p>
          {o.stay}: {order.guestName} · {order.propertyTitle} · {order.checkIn} → {order.checkOut}
        </p>
        <p>
          {o.total}: <strong>{money(order.amount, order.currency)}</strong>
          {order.refundedAmount > 0 ? ` (${o.refunded}: ${money(order.refundedAmount, order.currency)})` : ""}
        </p>
        <p>
          {o.status}: <strong>{o.statuses[order.status]}</strong>
          {pending && order.deadlineAt ? ` · ${o.deadline} ${when(order.deadlineAt)}` : ""}
          {pending && order.payment === "saved" ? ` · ${o.cardSaved}` : ""}
        </p>
        {order.adjacentNight && order.offerType !== "extra" ? (
          <p className={order.adjacentNight === "taken" ? "order-card__night--taken" : "order-card__night--free"}>
            {(order.adjacentNight === "taken" ? o.nightTaken : o.nightFree)[order.offerType]}
          </p>
        ) : null}
        {order.hostNote ? <p className="muted">{order.hostNote}</p> : null}
      </div>
      <div className="order-card__actions">
        {pending ? (
          <>
            <Button
              busy={action.isPending}
              onClick={() =>
                action.mutate({ kind: "approve", orderId: order.id }, { onSuccess: () => onDone(o.approved) })
              }
            >
              {o.approve}
            </Button>
            <Button variant="secondary" onClick={() => onDialog({ kind: "decline", order })}>
              {o.decline}
            </Button>
          </>
        ) : null}
        {refundable ? (
          <Button variant="secondary" onClick={() => onDialog({ kind: "refund", order })}>
            {o.refund}
          </Button>
        ) : null}
      </div>
      {action.isError ? <Alert>{action.error.message || copy.common.genericError}</Alert> : null}
    </li>
  );
}

function ActionDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: Dialogs;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const id = useId();
  const action = useOrderAction();
  const [note, setNote] = useState("");
  const [amount, setAmount] = useState(
    dialog?.kind === "refund" ? amountText(dialog.order.amount - dialog.order.refundedAmount) : "",
  );
  const [error, setError] = useState<string | null>(null);
  if (!dialog) return null;
  const { order } = dialog;
  const decline = dialog.kind === "decline";
  const confirm = () => {
    if (decline) {
      action.mutate(
        { kind: "decline", orderId: order.id, note },
        { onSuccess: () => (onClose(), onDone(o.declinedDone)) },
      );
      return;
    }
    const minor = parseAmount(amount);
    if (minor === null || minor <= 0) return setError(copy.store.priceRequired);
    action.mutate(
      { kind: "refund", orderId: order.id, amount: minor },
      { onSuccess: () => (onClose(), onDone(o.refunded)) },
    );
  };
  return (
    <Dialog
      open
      title={decline ? o.decline : o.refund}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {copy.common.cancel}
          </Button>
          <Button variant={decline ? "danger" : "primary"} busy={action.isPending} onClick={confirm}>
            {decline ? o.declineConfirm : o.refundConfirm}
          </Button>
        </>
      }
    >
      <p>
        {order.offerTitle} · {order.guestName} · {money(order.amount, order.currency)}
      </p>
      {decline ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-note`}>
            {o.declineNote}
          </label>
          <textarea
            id={`${id}-note`}
            className="field__input"
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      ) : (
        <TextField
          label={o.refundAmount}
          hint={o.refundFull}
          inputMode="decimal"
          value={amount}
          error={error ?? undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
      )}
      {action.isError ? <Alert>{action.error.message || copy.common.genericError}</Alert> : null}
    </Dialog>
  );
}

function Revenue() {
  const revenue = useRevenue();
  if (revenue.isPending) return null;
  if (revenue.isError) return <Alert>{copy.common.genericError}</Alert>;
  return (
    <Card>
      <section aria-labelledby="revenue-h" className="stack">
        <div className="revenue-head">
          <h2 id="revenue-h">{o.revenue}</h2>
          <a className="btn btn--secondary btn--sm" href="/api/orders/revenue.csv" download>
            {o.downloadCsv}
          </a>
        </div>
        <p className="muted">{o.revenueIntro}</p>
        {revenue.data.rows.length === 0 ? (
          <p>{o.noRevenue}</p>
        ) : (
          <table className="revenue-table">
            <thead>
              <tr>
                <th scope="col">{o.month}</th>
                <th scope="col">{o.offer}</th>
                <th scope="col" className="num">
                  {o.count}
                </th>
                <th scope="col" className="num">
                  {o.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {revenue.data.rows.map((r) => (
                <tr key={`${r.month}-${r.offerId}-${r.currency}`}>
                  <td>{r.month}</td>
                  <td>{r.offerTitle}</td>
                  <td className="num">{r.orders}</td>
                  <td className="num">{money(r.amount, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Card>
  );
}

/** /orders ("Orders"): pending requests first with Approve and Decline, Refund on paid ones, and Revenue. */
export function OrdersPage() {
  const orders = useOrders();
  const toast = useToast();
  const [dialog, setDialog] = useState<Dialogs>(null);
  let body;
  if (orders.isPending) body = <LoadingScreen />;
  else if (orders.isError) body = <Alert>{copy.common.genericError}</Alert>;
  else if (orders.data.orders.length === 0) body = <p className="muted">{o.none}</p>;
  else
    body = (
      <ul className="orders-list">
        {orders.data.orders.map((order) => (
          <OrderCard key={order.id} order={order} onDialog={setDialog} onDone={toast.show} />
        ))}
      </ul>
    );
  return (
    <div className="store-page">
      <div className="page-header">
        <h1>{o.title}</h1>
      </div>
      <p className="store-page__intro">{o.intro}</p>
      <div className="stack">
        {body}
        <Revenue />
      </div>
      <ActionDialog
        key={dialog ? `${dialog.kind}-${dialog.order.id}` : "none"}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={toast.show}
      />
      <Toast message={toast.message} />
    </div>
  );
}
