import type { BillingCycle, Currency, SubscriptionStatus } from "@doorstep/shared/rules/billing";

/** Card fields we may store and show (BILL-26, BILL-50: never the number). */
export interface CardDetails {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /**
   * The provider's fingerprint of the card number (Stripe's card.fingerprint): equal on two customers when
   * they used the same card. Absent where every customer uses the same few test numbers (the local gateway).
   */
  fingerprint?: string | null;
}

/** The provider's subscription as it is now; every change is applied from one of these. */
export interface SubscriptionSnapshot {
  ref: string;
  customerRef: string;
  status: SubscriptionStatus;
  quantity: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  /**
   * A renewal price is still to be put in place (Stripe: swapped in once the first paid period has
   * started); the local gateway bills its stored renewal amount itself, so never pending there.
   */
  renewalPending: boolean;
  /** Set to end at its period's end rather than renew (an account's deletion, decision 060). */
  cancelAtPeriodEnd: boolean;
}

/** One line of an invoice: `amount` before discounts (Stripe's line amount), negative for a credit. */
export interface GatewayInvoiceLine {
  description: string;
  quantity: number;
  amount: number;
}

export interface GatewayInvoice {
  id: string;
  createdAt: Date;
  amountPaid: number;
  currency: string;
  /** The service period paid for (Stripe: the subscription line's period, not the invoice's own period fields). */
  periodStart: Date;
  periodEnd: Date;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

/** The subscription's next invoice as the provider would issue it now (BILL-37). */
export interface UpcomingInvoice {
  /** After discounts (BILL-18, OPEN-32). */
  amountDue: number;
  /** Before discounts. */
  subtotal: number;
  currency: string;
  nextPaymentAttempt: Date | null;
  dueDate: Date | null;
  /** The service period it bills. */
  periodStart: Date;
  periodEnd: Date;
  lines: GatewayInvoiceLine[];
}

/** A provider event, reduced to what billing needs; the handler re-reads the subscription (safe out of order). */
export interface GatewayEvent {
  id: string;
  type: string;
  customerRef: string | null;
  subscriptionRef: string | null;
  /** The invoice the event is about, when it names one (Stripe: an invoice, or a charge's invoice). */
  invoiceRef?: string | null;
}

export interface NewSubscription {
  customerRef: string;
  paymentMethodRef: string;
  planKey: string;
  providerPriceRef: string | null;
  currency: Currency;
  cycle: BillingCycle;
  quantity: number;
  /** The total per cycle for `quantity`, minor units (the server's price, never the client's). */
  amount: number;
  /** The total per cycle from the second paid period on (BILL-13 legacy annual, promotional lists); null = `amount`. */
  renewalAmount: number | null;
  /** Trialing until then (BILL-25); null charges now. */
  trialEnd: Date | null;
  coupon: { code: string; percentOff: number; months: number } | null;
  idempotencyKey: string;
}

export interface QuantityChange {
  quantity: number;
  amount: number;
  renewalAmount: number | null;
  providerPriceRef: string | null;
  currency: Currency;
  cycle: BillingCycle;
  planKey: string;
}

export type PaymentFailureKind =
  "card_declined" | "insufficient_funds" | "authentication_required" | "invalid_card" | "provider";

/** A refusal from the provider, with its own message shown as is where BILL-29 says so. */
export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** Card fields typed into a test-mode form, for a gateway that accepts raw card numbers. */
export interface RawCard {
  number: string;
  expMonth: number;
  expYear: number;
}

/**
 * What billing asks of a payment provider. Every gateway has the required members; the optional ones are
 * capabilities only some gateways have, and callers check for the member rather than for a gateway kind.
 */
export interface PaymentGateway {
  /** Which provider holds the records (stored with each billing account, so a switch of provider shows). */
  readonly kind: "local" | "stripe";
  createCustomer(input: { accountId: string; email: string; name: string; idempotencyKey: string }): Promise<string>;
  /**
   * A SetupIntent's client secret for the browser's card element (BILL-20). Only gateways whose cards
   * are entered in the provider's own browser form (Stripe Elements) have it.
   */
  createSetupIntent?(customerRef: string): Promise<string>;
  /**
   * A payment method from card fields our own form sent. Only a simulated gateway takes raw card numbers
   * (the test card form); a real provider never lets them reach our server.
   */
  createPaymentMethod?(card: RawCard): Promise<CardDetails>;
  /** Attaches a payment method made in the browser and makes it the customer's default. */
  attachPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<CardDetails>;
  createSubscription(input: NewSubscription): Promise<SubscriptionSnapshot>;
  /** Sets the billed quantity and the total for it (OPEN-06: prorated on the next invoice). */
  updateQuantity(subscriptionRef: string, input: QuantityChange): Promise<SubscriptionSnapshot>;
  /** BILL-13: from the second paid period on, the renewal price (called once the first paid period has started). */
  applyRenewalPrice(subscriptionRef: string): Promise<SubscriptionSnapshot>;
  /** Support extended the trial: a trialing subscription starts billing at the new end instead. */
  extendTrial(subscriptionRef: string, trialEnd: Date): Promise<SubscriptionSnapshot>;
  /** Makes the card the subscription's default and pays an open invoice with it (BILL-36). */
  retryOpenInvoice(subscriptionRef: string, paymentMethodRef: string): Promise<SubscriptionSnapshot>;
  /**
   * Cancels now (open invoices voided), or with `atPeriodEnd` lets the period already paid for (or the trial) run
   * out and ends it then, billing nothing more (decision 060).
   */
  cancelSubscription(subscriptionRef: string, options?: { atPeriodEnd?: boolean }): Promise<void>;
  /** Undoes a cancellation at the period's end: the subscription renews again (decision 060). */
  resumeSubscription(subscriptionRef: string): Promise<SubscriptionSnapshot>;
  getSubscription(subscriptionRef: string): Promise<SubscriptionSnapshot>;
  /** The next invoice of a subscription that will bill again; null when it will not (canceled, unpaid). */
  previewNextInvoice(subscriptionRef: string): Promise<UpcomingInvoice | null>;
  /** Invoices newest first (IMPL-16: read from the provider, never stored as files). */
  listInvoices(
    customerRef: string,
    page: { startingAfter?: string; limit: number },
  ): Promise<{ items: GatewayInvoice[]; hasMore: boolean }>;
  /**
   * Verifies the signature and parses a webhook (IMPL-14); throws on a bad signature. Only gateways that
   * report changes by webhook have it.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): GatewayEvent;
  /**
   * Bills the periods that have ended and retries past-due invoices, returning what happened as events
   * shaped like webhooks. Only a gateway that bills renewals itself (the simulated one) has it: a real
   * provider bills on its own schedule and reports by webhook.
   */
  runDueRenewals?(batch?: number): Promise<GatewayEvent[]>;
  /**
   * A paid invoice of the customer, for a receipt the product serves itself (BILL-40); null when there is
   * none. Only the simulated gateway has it: Stripe hosts its own invoice pages and PDFs.
   */
  findPaidInvoice?(customerRef: string, invoiceId: string): Promise<PaidInvoice | null>;
}

/** A paid invoice as a receipt shows it. */
export interface PaidInvoice {
  id: string;
  createdAt: Date;
  periodStart: Date;
  periodEnd: Date;
  amountPaid: number;
  currency: string;
}
