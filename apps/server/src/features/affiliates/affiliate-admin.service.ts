import { randomInt, randomUUID } from "node:crypto";
import {
  COMMISSION_MODELS,
  DEFAULT_COMMISSION,
  trackingLabelFor,
  type CommissionModel,
} from "@doorstep/shared/rules/affiliates";
import { CURRENCIES, isCurrency } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { saveSystemContent } from "../system/system-content.service.ts";
import { emailsOfUsers } from "../users/user.service.ts";
import { formatMoney } from "./affiliate.emails.ts";
import {
  findAffiliateByLabel,
  findAffiliateOfUser,
  insertAffiliate,
  updateAffiliate,
  type AffiliatePatch,
} from "./affiliate.repository.ts";
import { findCommissionsForOperator, findPayableForExport } from "./affiliate-commissions.repository.ts";
import { batchAffiliatePayouts, markAffiliatePayoutsPaid } from "../referrals/payout-ledger.service.ts";
import { ASSETS_LABEL, LANDING_LABEL } from "./affiliate.service.ts";

export class AffiliateCommandError extends Error {}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const iso = (d: string | Date | null) => (d ? new Date(d).toISOString() : "-");

function int(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new AffiliateCommandError(`--${name} must be ${min}-${max}`);
  return n;
}

/**
 * IMPL-23, AFF-16: makes a user an affiliate (creating the Affiliate record if need be) and sets the
 * record's name, logo, label and commission model from the flags given. Returns the record's settings.
 */
export async function setAffiliate(
  db: Db,
  user: { id: string; accountId: string; firstName: string },
  flags: Record<string, string>,
  now: Date,
): Promise<AffiliatePatch & { trackingLabel: string }> {
  const model = flags.model;
  if (model !== undefined && !COMMISSION_MODELS.includes(model as CommissionModel))
    throw new AffiliateCommandError("--model must be percentage or fixed");
  const currency = flags.currency;
  if (currency !== undefined && !isCurrency(currency))
    throw new AffiliateCommandError("--currency must be usd, gbp, eur or aud");
  const label = flags.label?.trim().toLowerCase();
  if (label !== undefined && !/^[a-z0-9-]{2,60}$/.test(label))
    throw new AffiliateCommandError("--label must be 2-60 lower-case letters, digits or dashes");
  const patch: AffiliatePatch = Object.fromEntries(
    Object.entries({
      name: flags.name?.trim() || undefined,
      logoUrl: flags["logo-url"] === undefined ? undefined : flags["logo-url"] === "none" ? null : flags["logo-url"],
      trackingLabel: label,
      commissionCurrency: currency,
      commissionModel: model,
      commissionPercentage: int(flags.percentage, "percentage", 0, 100),
      commissionAmount: flags.amount === undefined ? undefined : Math.round(Number(flags.amount) * 100),
      commissionMonths: int(flags.months, "months", 0, 120),
    }).filter(([, v]) => v !== undefined),
  );
  if (patch.commissionAmount !== undefined && !(patch.commissionAmount >= 0 && patch.commissionAmount <= 1_000_000))
    throw new AffiliateCommandError("--amount must be 0-10000");
  if (label) {
    const taken = await findAffiliateByLabel(db, label);
    if (taken && taken.userId !== user.id) throw new AffiliateCommandError(`the label ${label} is taken`);
  }
  let affiliate = await findAffiliateOfUser(db, user.id);
  if (!affiliate) {
    affiliate = await insertAffiliate(db, {
      userId: user.id,
      accountId: user.accountId,
      name: user.firstName,
      // OPEN-25's label with five digits; the operator can pass --label to choose one.
      trackingLabel: label ?? trackingLabelFor(user.firstName, String(randomInt(10_000, 100_000))),
      commissionCurrency: CURRENCIES[0],
      commissionModel: DEFAULT_COMMISSION.model,
    });
  }
  if (Object.keys(patch).length > 0) await updateAffiliate(db, affiliate.id, patch, now);
  return { ...patch, trackingLabel: patch.trackingLabel ?? affiliate.trackingLabel };
}

/** Operator's list of affiliate ledger entries (`affiliate-commissions`), one line each. */
export async function listAffiliateCommissions(db: Db, status: string, limit: number): Promise<string[]> {
  const rows = await findCommissionsForOperator(db, status, limit);
  const emails = await emailsOfUsers(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map(
    (r) =>
      `${iso(r.claimable_at ?? r.due_at)}  ${emails.get(r.user_id) ?? ""}  ${r.tracking_label}  ${formatMoney(r.amount, r.currency)}  invoice ${r.invoice_ref} ${formatMoney(r.invoice_amount, r.invoice_currency)} at ${r.exchange_rate}  paypal ${r.paypal_email ?? "(not set)"}${r.payout_batch ? `  batch ${r.payout_batch}` : ""}${r.paid_at ? `  paid ${iso(r.paid_at)}` : ""}`,
  );
}

const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

interface ExportedEntry {
  affiliate_id: string;
  paypal_email: string;
  tracking_label: string;
  amount: number;
  currency: string;
}

/** One PayPal payout per affiliate and currency, ordered by label and currency. */
function sumPerAffiliateAndCurrency(entries: ExportedEntry[]) {
  const sums = new Map<
    string,
    { paypal_email: string; tracking_label: string; currency: string; total: number; entries: number }
  >();
  for (const e of entries) {
    const key = `${e.affiliate_id} ${e.currency}`;
    const sum = sums.get(key) ?? {
      paypal_email: e.paypal_email,
      tracking_label: e.tracking_label,
      currency: e.currency,
      total: 0,
      entries: 0,
    };
    sum.total += e.amount;
    sum.entries += 1;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => cmp(a.tracking_label, b.tracking_label) || cmp(a.currency, b.currency));
}

/**
 * OPEN-71: a PayPal Payouts CSV (recipient, amount, currency, note, sender item id) of every payable
 * commission of affiliates with a PayPal email, summed per affiliate and currency. The entries are put in a
 * batch so the next export leaves them out until `affiliate-payouts-paid <batch>` marks them paid.
 */
export async function exportPayoutsCsv(db: Db, now: Date): Promise<{ batch: string; csv: string; count: number }> {
  const batch = `aff-${now.toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
  const rows = await db.transaction(async (tx) => {
    const payable = await findPayableForExport(tx);
    const taken = new Set(
      await batchAffiliatePayouts(
        tx,
        batch,
        now,
        payable.map((p) => p.id),
      ),
    );
    return sumPerAffiliateAndCurrency(payable.filter((p) => taken.has(p.id)));
  });
  const lines = rows.map((r) =>
    [
      r.paypal_email,
      (r.total / 100).toFixed(2),
      r.currency.toUpperCase(),
      `Doorstep affiliate commission (${r.entries} payments)`,
      `${batch}-${r.tracking_label}-${r.currency}`,
    ]
      .map(csvField)
      .join(","),
  );
  return { batch, csv: lines.join("\n") + (lines.length ? "\n" : ""), count: rows.length };
}

/** The exported batch was paid: its entries become paid. Returns one line per affiliate account paid. */
export async function markPayoutsPaid(db: Db, batch: string, now: Date): Promise<string[]> {
  const rows = await markAffiliatePayoutsPaid(db, batch, now);
  return rows.length === 0 ? [] : [`Marked ${rows.length} commission entries of batch ${batch} paid.`];
}

/** IMPL-23: edits the landing page's or the media assets' system content. */
export async function editSystemContent(
  db: Db,
  label: string,
  flags: Record<string, string>,
  items: string[],
  now: Date,
): Promise<Record<string, unknown>> {
  if (label !== LANDING_LABEL && label !== ASSETS_LABEL)
    throw new AffiliateCommandError(`the label must be ${LANDING_LABEL} or ${ASSETS_LABEL}`);
  const patch = Object.fromEntries(
    Object.entries({
      title: flags.title,
      description: flags.description,
      longDescription: flags["long-description"],
      imageUrl: flags["image-url"],
      items: items.length > 0 ? items : flags.testimonials === "none" ? [] : undefined,
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(patch).length === 0) throw new AffiliateCommandError("no field given");
  await saveSystemContent(db, label, patch, now);
  return patch;
}
