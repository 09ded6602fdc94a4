import type { FakeStripeContext } from "./stripe-fake-billing.ts";
import {
  cardError,
  invalid,
  methodFor,
  missing,
  readMetadata,
  type FakeReply,
  type FakeStripeRequest,
} from "./stripe-fake-model.ts";

// The fake's guest-store objects: PaymentIntents with manual capture (destination charges with an application
// fee), refunds, confirmed SetupIntents, Connect Express accounts and their onboarding links.

export interface FakePaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: "requires_capture" | "succeeded" | "canceled" | "requires_action";
  payment_method: string;
  customer: string | null;
  capture_method: string;
  destination: string | null;
  application_fee_amount: number | null;
  amount_refunded: number;
  metadata: Record<string, string>;
}

export interface FakeStoreState {
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    refund_application_fee: boolean;
    reverse_transfer: boolean;
  }[];
  accounts: Map<
    string,
    { id: string; type: string; email: string | null; charges_enabled: boolean; details_submitted: boolean }
  >;
}

export const newFakeStoreState = (): FakeStoreState => ({
  paymentIntents: new Map(),
  refunds: [],
  accounts: new Map(),
});

/** A saved card that attaches but whose every later charge is declined (Stripe's 4000 0000 0000 0341). */
const failsLater = (pm: string) => pm.startsWith("pm_card_chargeDeclinedLater");

const piJson = (pi: FakePaymentIntent) => ({
  object: "payment_intent",
  ...pi,
  transfer_data: pi.destination ? { destination: pi.destination } : null,
  amount_received: pi.status === "succeeded" ? pi.amount : 0,
  last_payment_error: null,
});

const accountJson = (a: FakeStoreState["accounts"] extends Map<string, infer A> ? A : never) => ({
  object: "account",
  ...a,
});

/** Answers the store's requests, or null for the billing routes to answer. */
export function storeRoutes(
  ctx: FakeStripeContext,
  store: FakeStoreState,
  req: FakeStripeRequest,
  [resource, id, action]: (string | undefined)[],
): FakeReply | null {
  const p = req.params;
  if (resource === "payment_intents" && req.method === "POST" && !id) {
    const pm = p.get("payment_method") ?? "";
    const method = methodFor(pm);
    if (!method && !failsLater(pm)) return missing("payment_method", pm);
    if (p.get("capture_method") !== "manual") return invalid("fake stripe: the store captures manually");
    const destination = p.get("transfer_data[destination]");
    if (destination) {
      const account = store.accounts.get(destination);
      if (!account) return missing("account", destination);
      if (!account.charges_enabled) return invalid(`The destination account ${destination} cannot take charges yet.`);
    }
    const amount = Number(p.get("amount"));
    const fee = p.get("application_fee_amount") ? Number(p.get("application_fee_amount")) : null;
    if (fee !== null && !destination) return invalid("application_fee_amount needs a destination (Connect)");
    if (fee !== null && fee > amount) return invalid("application_fee_amount is more than the amount");
    if (method?.declines || failsLater(pm)) return cardError("Your card was declined.");
    const customer = p.get("customer");
    if (customer && !ctx.state.customers.has(customer)) return missing("customer", customer);
    const pi: FakePaymentIntent = {
      id: ctx.next("pi"),
      amount,
      currency: p.get("currency") ?? "usd",
      status: method?.authenticates ? "requires_action" : "requires_capture",
      payment_method: pm,
      customer,
      capture_method: "manual",
      destination,
      application_fee_amount: fee,
      amount_refunded: 0,
      metadata: readMetadata(p),
    };
    store.paymentIntents.set(pi.id, pi);
    return { json: piJson(pi) };
  }
  if (resource === "payment_intents" && id) {
    const pi = store.paymentIntents.get(id);
    if (!pi) return missing("payment_intent", id);
    if (action === "capture") {
      if (pi.status !== "requires_capture")
        return invalid(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`);
      pi.status = "succeeded";
    } else if (action === "cancel") {
      if (pi.status === "succeeded" || pi.status === "canceled")
        return invalid(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`);
      pi.status = "canceled";
    }
    return { json: piJson(pi) };
  }
  if (resource === "refunds" && req.method === "POST") {
    const pi = store.paymentIntents.get(p.get("payment_intent") ?? "");
    if (!pi) return missing("payment_intent", p.get("payment_intent") ?? "");
    const amount = p.get("amount") ? Number(p.get("amount")) : pi.amount - pi.amount_refunded;
    if (pi.status !== "succeeded") return invalid("This PaymentIntent has not been captured.");
    if (amount > pi.amount - pi.amount_refunded) return invalid("Refund amount is greater than unrefunded amount.");
    pi.amount_refunded += amount;
    const refund = {
      id: ctx.next("re"),
      payment_intent: pi.id,
      amount,
      refund_application_fee: p.get("refund_application_fee") === "true",
      reverse_transfer: p.get("reverse_transfer") === "true",
    };
    store.refunds.push(refund);
    return { json: { object: "refund", status: "succeeded", ...refund } };
  }
  if (resource === "setup_intents" && req.method === "POST" && p.get("confirm") === "true") {
    const pm = p.get("payment_method") ?? "";
    const method = methodFor(pm);
    if (!method && !failsLater(pm)) return missing("payment_method", pm);
    if (method?.declines) return cardError("Your card was declined.");
    ctx.state.attached.set(pm, p.get("customer") ?? "");
    const sid = ctx.next("seti");
    return {
      json: {
        id: sid,
        object: "setup_intent",
        status: "succeeded",
        customer: p.get("customer"),
        payment_method: pm,
        client_secret: `${sid}_secret_fake`,
      },
    };
  }
  if (resource === "accounts") {
    if (req.method === "POST" && !id) {
      if (p.get("type") !== "express") return invalid("fake stripe: the store makes Express accounts");
      const account = {
        id: ctx.next("acct"),
        type: "express",
        email: p.get("email"),
        charges_enabled: false,
        details_submitted: false,
      };
      store.accounts.set(account.id, account);
      return { json: accountJson(account) };
    }
    const account = id ? store.accounts.get(id) : undefined;
    return account ? { json: accountJson(account) } : missing("account", id);
  }
  if (resource === "account_links" && req.method === "POST") {
    const account = store.accounts.get(p.get("account") ?? "");
    if (!account) return missing("account", p.get("account") ?? "");
    if (p.get("type") !== "account_onboarding" || !p.get("return_url") || !p.get("refresh_url"))
      return invalid("account_onboarding links need return_url and refresh_url");
    return {
      json: {
        object: "account_link",
        url: `https://connect.stripe.test/setup/e/${account.id}`,
        expires_at: ctx.seconds() + 300,
      },
    };
  }
  return null;
}
