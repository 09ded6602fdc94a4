import type { Db } from "../../db/client.ts";
import { findSubscription, snapshot } from "./local-billing.ts";
import { findPaidLocalInvoice, listLocalInvoices, previewLocalInvoice } from "./local-invoices.ts";
import { attachLocalPaymentMethod, createLocalPaymentMethod } from "./local-payment-methods.ts";
import { runDueRenewals } from "./local-renewals.ts";
import {
  cancelLocalSubscription,
  createLocalSubscription,
  extendLocalTrial,
  resumeLocalSubscription,
  retryLocalOpenInvoice,
  updateLocalQuantity,
} from "./local-subscriptions.ts";
import type { PaymentGateway } from "./payment-gateway.ts";

/**
 * The embedded payment provider: customers, cards, subscriptions and invoices simulated in our tables.
 * It takes the test card form's raw numbers and bills renewals itself (`runDueRenewals`, run by a job);
 * it has no setup intents and sends no webhooks.
 */
export function createLocalGateway(deps: { db: Db; now: () => Date }): PaymentGateway {
  const { db, now } = deps;
  return {
    kind: "local",
    createCustomer: async ({ accountId }) => `cus_local_${accountId}`,
    createPaymentMethod: (card) => createLocalPaymentMethod(deps, card),
    attachPaymentMethod: (customerRef, paymentMethodRef) => attachLocalPaymentMethod(db, customerRef, paymentMethodRef),
    createSubscription: (input) => createLocalSubscription(deps, input),
    updateQuantity: (ref, change) => updateLocalQuantity(deps, ref, change),
    // The stored renewal amount is billed by runDueRenewals itself.
    applyRenewalPrice: async (ref) => snapshot(await findSubscription(db, ref)),
    extendTrial: (ref, trialEnd) => extendLocalTrial(deps, ref, trialEnd),
    retryOpenInvoice: (ref, paymentMethodRef) => retryLocalOpenInvoice(deps, ref, paymentMethodRef),
    cancelSubscription: (ref, options) => cancelLocalSubscription(deps, ref, options?.atPeriodEnd ?? false),
    resumeSubscription: (ref) => resumeLocalSubscription(deps, ref),
    getSubscription: async (ref) => snapshot(await findSubscription(db, ref)),
    previewNextInvoice: async (ref) => previewLocalInvoice(await findSubscription(db, ref)),
    listInvoices: (customerRef, page) => listLocalInvoices(db, customerRef, page),
    runDueRenewals: (batch = 50) => runDueRenewals(db, now(), batch),
    findPaidInvoice: (customerRef, invoiceId) => findPaidLocalInvoice(db, customerRef, invoiceId),
  };
}
