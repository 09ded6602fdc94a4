import type { SubscriptionAlertRequest } from "@doorstep/shared/schemas/billing";
import { copy } from "@doorstep/shared/copy";
import { useCallback, useRef, useState } from "react";
import { reportSubscriptionAlert } from "../api/report-subscription-alert.ts";
import { billingFailure, type BillingFailure } from "./card-errors.ts";
import type { CardFormHandle } from "./card-form/card-form-types.ts";

/** BILL-21: idle → checking ("Authenticating") → processing ("Processing") → complete ("Success"), or error. */
export type SubmissionPhase = "idle" | "checking" | "processing" | "complete" | "error";

interface RunOptions {
  /** The step after the card is saved; resolves true when the provider took the payment/subscription. */
  submit: (paymentMethodId: string) => Promise<boolean>;
  /** What support gets with a client-side failure (BILL-31). */
  alert: Omit<SubscriptionAlertRequest, "errorMessage" | "paymentMethodId">;
  /** One message for every failure (PROP-36: "Card details were not saved. Please try again."). */
  failureMessage?: string;
}

/** Drives the card form and the step after it, with the seeds' button states and error copy. */
export function useCardSubmission() {
  const card = useRef<CardFormHandle>(null);
  const [phase, setPhase] = useState<SubmissionPhase>("idle");
  const [failure, setFailure] = useState<BillingFailure | null>(null);
  const [cardReady, setCardReady] = useState(false);

  const fail = useCallback((next: BillingFailure, override?: string) => {
    // BILL-22/28/35: every failure clears the card's security code; the number and expiry stay to correct.
    card.current?.clearAfterFailure();
    setFailure(override ? { message: override, where: "card" } : next);
    setPhase("error");
  }, []);

  const run = useCallback(
    async ({ submit, alert, failureMessage }: RunOptions): Promise<boolean> => {
      if (!card.current) return false;
      setFailure(null);
      setPhase("checking");
      let paymentMethodId: string;
      try {
        paymentMethodId = (await card.current.createPaymentMethod()).id;
      } catch (error) {
        const next = billingFailure(error, "card");
        // The server records its own failures; this one happened before any subscription call (BILL-29/31).
        void reportSubscriptionAlert({ ...alert, errorMessage: next.message });
        fail(next, failureMessage);
        return false;
      }
      setPhase("processing");
      try {
        if (!(await submit(paymentMethodId))) {
          void reportSubscriptionAlert({ ...alert, paymentMethodId, errorMessage: copy.billing.subscriptionFailed });
          fail({ message: copy.billing.subscriptionFailed, where: "form" }, failureMessage);
          return false;
        }
      } catch (error) {
        fail(billingFailure(error, "subscription"), failureMessage);
        return false;
      }
      setPhase("complete");
      return true;
    },
    [fail],
  );

  const reset = useCallback(() => {
    setPhase("idle");
    setFailure(null);
  }, []);

  const busy = phase === "checking" || phase === "processing" || phase === "complete";
  return { card, phase, failure, busy, cardReady, setCardReady, run, reset };
}

/** The submit button's text for a phase (BILL-21; the idle label is OPEN-65's proposed copy). */
export function submissionLabel(phase: SubmissionPhase, idle: string): string {
  const states = copy.billing.states;
  if (phase === "checking") return states.checking;
  if (phase === "processing") return states.processing;
  if (phase === "complete") return states.complete;
  return idle;
}
