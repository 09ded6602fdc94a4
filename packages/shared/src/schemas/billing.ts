import { z } from "zod";
import { text } from "./text.ts";
import {
  BILLING_CYCLES,
  CANCELLATION_REASONS,
  CANCELLATION_REQUEST_TYPES,
  CURRENCIES,
  SUBSCRIPTION_STATUSES,
} from "../rules/billing.ts";

export const Currency = z.enum(CURRENCIES);
export const BillingCycle = z.enum(BILLING_CYCLES);
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
/** Amounts are integers in minor units (BILL-38); the UI divides by 100 and adds the symbol. */
const Minor = z.number().int().nonnegative();

/** A plan offered to the caller, priced for the server-computed quantity (BILL-06, BILL-17). */
export const PlanDto = z.object({
  id: text(),
  name: text(),
  type: z.literal("basic"),
  unitLabel: z.enum(["guide", "property"]),
  cycle: BillingCycle,
  currency: Currency,
  currencySymbol: text(),
  quantity: z.number().int().positive(),
  /** The price per cycle for `quantity`. */
  amount: Minor,
  /** The first-year price per cycle with the coupon, when one applies. */
  discountedAmount: Minor.nullable(),
  /** The renewal price per cycle (legacy tiered lists, BILL-13), when it differs. */
  renewalAmount: Minor.nullable(),
  /** The 1-property monthly/annual price of this plan (setup payment, OPEN-04). */
  singlePropertyAmount: Minor,
  saveMessage: text().nullable(),
  specialOffer: text().nullable(),
  description: text(),
});
export type PlanDto = z.infer<typeof PlanDto>;

export const PlansQuery = z.object({ currency: Currency.optional(), coupon: text().trim().max(40).optional() });
export type PlansQuery = z.infer<typeof PlansQuery>;

export const CouponDto = z.object({ code: text(), percentOff: z.number(), months: z.number() });

export const PlansResponse = z.object({
  currency: Currency,
  /** True when DefaultCurrency is set: hide the currency selector (BILL-03, OPEN-33). */
  currencyFixed: z.boolean(),
  currencies: z.array(Currency),
  cycles: z.array(BillingCycle),
  quantity: z.number().int().positive(),
  coupon: CouponDto.nullable(),
  plans: z.array(PlanDto),
  trialEndsAt: text().nullable(),
  trialActive: z.boolean(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;

export const CardDto = z.object({
  brand: text(),
  last4: text(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardDto = z.infer<typeof CardDto>;

/** One line of an invoice as the provider itemises it (BILL-37); `amount` is before discounts, and negative for a credit. */
export const InvoiceLineDto = z.object({
  description: text(),
  quantity: z.number().int().nonnegative(),
  amount: z.number().int(),
});
export type InvoiceLineDto = z.infer<typeof InvoiceLineDto>;

/** The subscription's next invoice as the provider previews it (BILL-37, BILL-18, OPEN-32). */
export const UpcomingInvoiceDto = z.object({
  /** What the next invoice will charge, after any coupon. */
  amountDue: Minor,
  /** The same invoice before the coupon: shown struck through when it differs from `amountDue`. */
  subtotal: Minor,
  /** The coupon that reduces this invoice, when one does. */
  coupon: text().nullable(),
  currency: Currency,
  /** When the provider will next try to charge the card for it. */
  nextPaymentAttempt: text().nullable(),
  /** When it falls due (under automatic collection: the day it is issued). */
  dueDate: text().nullable(),
  /** The service period it pays for. */
  periodStart: text(),
  periodEnd: text(),
  lines: z.array(InvoiceLineDto),
});
export type UpcomingInvoiceDto = z.infer<typeof UpcomingInvoiceDto>;

/** The caller's billing state for /subscription (BILL-01, BILL-33…39). */
export const SubscriptionState = z.object({
  gateway: z.enum(["local", "stripe"]),
  hasSubscription: z.boolean(),
  status: SubscriptionStatus.nullable(),
  /** The card failed: show the card form directly, no Edit (BILL-34, HOME-06). */
  paymentFailed: z.boolean(),
  trialEndsAt: text().nullable(),
  trialActive: z.boolean(),
  plan: z
    .object({ id: text(), name: text(), cycle: BillingCycle, unitLabel: z.enum(["guide", "property"]) })
    .nullable(),
  currency: Currency,
  currencySymbol: text(),
  currencyFixed: z.boolean(),
  /** The billed quantity as the server computes it now (BILL-17). */
  quantity: z.number().int().positive(),
  /** The price per cycle for that quantity (before any coupon); null without a subscription. */
  amount: Minor.nullable(),
  nextPaymentAt: text().nullable(),
  /** The current period as the provider has it (BILL-37); null without a subscription. */
  currentPeriodStart: text().nullable(),
  currentPeriodEnd: text().nullable(),
  /** The next invoice (BILL-37); null without an open subscription, or when the provider has none to preview. */
  upcomingInvoice: UpcomingInvoiceDto.nullable(),
  card: CardDto.nullable(),
});
export type SubscriptionState = z.infer<typeof SubscriptionState>;

export const SubscriptionResponse = z.object({ subscription: SubscriptionState });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const SetupIntentResponse = z.object({ clientSecret: text() });

/** Local (test-mode) card fields; refused in production (docs/architecture.md §6). */
export const LocalCardRequest = z.object({
  number: text()
    .trim()
    .regex(/^[0-9 ]{12,23}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: text()
    .trim()
    .regex(/^[0-9]{3,4}$/),
});
export type LocalCardRequest = z.infer<typeof LocalCardRequest>;
export const PaymentMethodResponse = z.object({ paymentMethod: CardDto.extend({ id: text() }) });

/**
 * BILL-23/24: the server computes quantity and price; `propertyCount` and amounts from the client are
 * ignored. `currency` is ignored once DefaultCurrency is fixed.
 */
export const CreateSubscriptionRequest = z.object({
  cycle: BillingCycle,
  currency: Currency.optional(),
  planId: text().max(80).optional(),
  coupon: text().trim().max(40).optional(),
  paymentMethodId: text().min(1).max(255),
  propertyCount: z.number().optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const CreateSubscriptionResponse = z.object({
  paymentSuccess: z.boolean(),
  subscriptionSuccess: z.boolean(),
  subscription: SubscriptionState,
});
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;

export const UpdatePaymentMethodRequest = z.object({ paymentMethodId: text().min(1).max(255) });
export type UpdatePaymentMethodRequest = z.infer<typeof UpdatePaymentMethodRequest>;
export const UpdatePaymentMethodResponse = z.object({ paymentSuccess: z.boolean(), subscription: SubscriptionState });

/** BILL-31: a failure the browser saw (e.g. the card provider refused the card). */
export const SubscriptionAlertRequest = z.object({
  cycle: BillingCycle.optional(),
  currency: Currency.optional(),
  planId: text().max(80).optional(),
  coupon: text().max(40).optional(),
  paymentMethodId: text().max(255).optional(),
  errorMessage: text().min(1).max(2000),
});
export type SubscriptionAlertRequest = z.infer<typeof SubscriptionAlertRequest>;

export const InvoiceDto = z.object({
  id: text(),
  date: text(),
  amountPaid: Minor,
  currency: Currency,
  /** The service period the invoice paid for (BILL-37). */
  periodStart: text(),
  periodEnd: text(),
  hostedUrl: text().nullable(),
  pdfUrl: text().nullable(),
});
export type InvoiceDto = z.infer<typeof InvoiceDto>;
export const InvoiceListQuery = z.object({ cursor: text().max(200).optional() });
export const InvoiceListResponse = z.object({ items: z.array(InvoiceDto), nextCursor: text().nullable() });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

/** BILL-43…47: all fields but the message are required. */
export const CreateCancellationRequest = z.object({
  name: text().trim().min(1).max(200),
  email: text().trim().email().max(254),
  tel: text().trim().min(1).max(40),
  request: z.enum(CANCELLATION_REQUEST_TYPES),
  reason: z.enum(CANCELLATION_REASONS),
  message: text().trim().max(5000).optional(),
});
export type CreateCancellationRequest = z.infer<typeof CreateCancellationRequest>;
export const CancellationResponse = z.object({
  request: z.object({ id: text(), status: text(), createdAt: text() }),
  /** BILL-46: show the review invitation with the $20 voucher. */
  reviewInvitation: z.boolean(),
});
