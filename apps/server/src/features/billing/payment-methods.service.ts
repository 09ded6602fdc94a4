import type { LocalCardRequest } from "@doorstep/shared/schemas/billing";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { toBillingError } from "./billing.errors.ts";
import { ensureCustomer, requireBillingContext } from "./billing.service.ts";

/** POST /api/billing/setup-intent (BILL-20): the client secret for Stripe Elements. */
export async function createSetupIntent(ctx: AppContext, caller: Caller): Promise<{ clientSecret: string }> {
  const bc = await requireBillingContext(ctx, caller);
  if (!ctx.payments.createSetupIntent) throw new AppError("STRIPE_CARD_ENTRY_UNAVAILABLE");
  try {
    return { clientSecret: await ctx.payments.createSetupIntent(await ensureCustomer(ctx, bc)) };
  } catch (error) {
    throw toBillingError(error, "card");
  }
}

/**
 * POST /api/billing/local/payment-methods: the local gateway's test-mode card fields stand in for
 * Stripe Elements. Refused in a production deployment, and with any gateway that takes no raw card
 * numbers (Stripe: cards never reach our server).
 */
export async function createLocalPaymentMethod(ctx: AppContext, caller: Caller, card: LocalCardRequest) {
  await requireBillingContext(ctx, caller);
  // `npm start` on one's own machine (LOCAL_RUN) is not a deployment: its billing works with the test cards.
  if ((ctx.config.env === "production" && !ctx.config.localRun) || !ctx.payments.createPaymentMethod) {
    throw new AppError("TEST_CARD_ENTRY_UNAVAILABLE");
  }
  try {
    const method = await ctx.payments.createPaymentMethod(card);
    return {
      paymentMethod: {
        id: method.ref,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      },
    };
  } catch (error) {
    throw toBillingError(error, "card");
  }
}
