import { copy } from "@doorstep/shared/copy";
import {
  annualSavingPercent,
  applyPercentOff,
  billedQuantity,
  chooseCurrency,
  CURRENCY_SYMBOLS,
  findCoupon,
  priceForQuantity,
  type BillingCycle,
  type Currency,
  type PlanPricing,
} from "@doorstep/shared/rules/billing";
import type { PlanDto, PlansQuery, PlansResponse } from "@doorstep/shared/schemas/billing";
import type { AppContext } from "../../app-context.ts";
import { findAccount, type Account } from "../users/user.service.ts";
import { findPlansInCatalogue, type BillingAccountRow, type PlanRow } from "./billing.repository.ts";

/** Which named list the account gets (BILL-07/08): an assigned list, else UnitPricing, SpecialOffersEligible, default. */
export function catalogueFor(account: Account, billing: BillingAccountRow | null): string {
  if (billing?.priceList) return billing.priceList;
  if (account.unitPricing) return "unit-pricing";
  if (account.specialOffersEligible) return "promotional";
  return "main";
}

/** The plans of the account's list that it may choose, ForceAnnualSubscription = annual only (BILL-08). */
export async function allowedPlans(
  ctx: AppContext,
  account: Account,
  billing: BillingAccountRow | null,
): Promise<PlanRow[]> {
  return onlyAllowed(account, await findPlansInCatalogue(ctx.db, catalogueFor(account, billing)));
}

const onlyAllowed = (account: Account, plans: PlanRow[]) =>
  account.forceAnnualSubscription ? plans.filter((p) => p.cycle === "annual") : plans;

/**
 * An annual plan's "SAVE n%" from the prices it compares (BILL-11): its total against twelve of the same list's
 * monthly totals for the same currency and quantity. A promotion keeps its own worded offer (BILL-14); a list
 * without a monthly plan to compare shows none.
 */
function saveMessageFor(plan: PlanRow, list: PlanRow[], quantity: number): string | null {
  if (!plan.saveMessage || plan.cycle !== "annual" || plan.specialOffer) return plan.saveMessage;
  const monthly = list.find((p) => p.cycle === "monthly" && p.currency === plan.currency);
  if (!monthly) return null;
  const percent = annualSavingPercent(planAmounts(plan, quantity).amount, planAmounts(monthly, quantity).amount);
  return percent === null ? null : copy.billing.savePercent(percent);
}

/** A plan's total per cycle for `quantity`, and the renewal total from the second paid period when the list has one (BILL-13). */
export function planAmounts(
  plan: Pick<PlanRow, "pricing" | "renewalPricing">,
  quantity: number,
): { amount: number; renewalAmount: number | null } {
  return {
    amount: priceForQuantity(plan.pricing as PlanPricing, quantity),
    renewalAmount: plan.renewalPricing ? priceForQuantity(plan.renewalPricing as PlanPricing, quantity) : null,
  };
}

export function toPlanDto(plan: PlanRow, quantity: number, coupon: ReturnType<typeof findCoupon>): PlanDto {
  const pricing = plan.pricing as PlanPricing;
  const { amount, renewalAmount } = planAmounts(plan, quantity);
  const currency = plan.currency as Currency;
  return {
    id: plan.key,
    name: plan.name,
    type: "basic",
    unitLabel: plan.unitLabel,
    cycle: plan.cycle,
    currency,
    currencySymbol: CURRENCY_SYMBOLS[currency],
    quantity,
    amount,
    discountedAmount: coupon ? applyPercentOff(amount, coupon.percentOff) : null,
    renewalAmount,
    singlePropertyAmount: priceForQuantity(pricing, 1),
    saveMessage: plan.saveMessage,
    specialOffer: plan.specialOffer,
    description: plan.cycle === "annual" ? copy.billing.annualPlanCopy : copy.billing.monthlyPlanCopy,
  };
}

/** The currency for this caller: fixed DefaultCurrency, else the pick, else the IP's country (BILL-03…05). */
export function resolveCurrency(
  ctx: AppContext,
  account: Account,
  plans: PlanRow[],
  requested: Currency | undefined,
  ip: string,
) {
  const available = [...new Set(plans.map((p) => p.currency as Currency))];
  const chosen = chooseCurrency({ defaultCurrency: account.defaultCurrency, requested, country: ctx.geo.country(ip) });
  // A list without that currency (e.g. a usd-only per-unit list) offers what it has.
  const currency = available.includes(chosen.currency) ? chosen.currency : (available[0] ?? chosen.currency);
  return { currency, fixed: chosen.fixed, available };
}

/**
 * BILL-17: the quantity billed for the account's non-archived, non-shared properties. That is the count the
 * property list shows, which a trigger on properties keeps on the account (decision 027), so it is read there.
 */
export async function billedQuantityFor(ctx: AppContext, accountId: string): Promise<number> {
  return billedQuantity((await findAccount(ctx, accountId))?.listedProperties ?? 0);
}

/** GET /api/billing/plans: the caller's plans in one currency, priced for the server's quantity (BILL-02…18). */
export async function listPlans(
  ctx: AppContext,
  input: { account: Account; billing: BillingAccountRow | null; query: PlansQuery; ip: string },
): Promise<PlansResponse> {
  const { account, billing, query } = input;
  const list = await findPlansInCatalogue(ctx.db, catalogueFor(account, billing));
  const plans = onlyAllowed(account, list);
  const { currency, fixed, available } = resolveCurrency(ctx, account, plans, query.currency, input.ip);
  const quantity = await billedQuantityFor(ctx, account.id);
  const coupon = findCoupon(query.coupon ?? account.couponCode);
  const inCurrency = plans
    .filter((p) => p.currency === currency)
    .sort((a, b) => (a.cycle === b.cycle ? 0 : a.cycle === "monthly" ? -1 : 1));
  const now = ctx.now();
  return {
    currency,
    currencyFixed: fixed,
    currencies: available,
    cycles: [...new Set(inCurrency.map((p) => p.cycle as BillingCycle))],
    quantity,
    coupon,
    plans: inCurrency.map((p) => ({
      ...toPlanDto(p, quantity, coupon),
      saveMessage: saveMessageFor(p, list, quantity),
    })),
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    trialActive: account.trialEndsAt !== null && account.trialEndsAt > now,
  };
}
