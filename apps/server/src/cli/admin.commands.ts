import { writeFile } from "node:fs/promises";
import { isCurrency } from "@doorstep/shared/rules/billing";
import type { Db } from "../db/client.ts";
import {
  listBillingAlerts,
  listPauseCancelRequests,
  moveSubscriptionTrialEnd,
  PRICE_LISTS,
  restoreAccountSubscription,
} from "../features/billing/billing-admin.service.ts";
import { listAccountAudit } from "../features/audit/audit.service.ts";
import { listReferralPayouts } from "../features/referrals/referral-admin.service.ts";
import {
  AffiliateCommandError,
  editSystemContent,
  exportPayoutsCsv,
  listAffiliateCommissions,
  markPayoutsPaid,
  setAffiliate,
} from "../features/affiliates/affiliate-admin.service.ts";
import { rebuildAccountAnalytics } from "../features/visits/analytics.service.ts";
import type { PaymentGateway } from "../providers/payments/payment-gateway.ts";
import { listAdminActions, recordAdminAction } from "../features/audit/audit.service.ts";
import { setCancellationStatus, setPriceList } from "../features/billing/billing-admin.service.ts";
import { setPropertyActive } from "../features/properties/property-counts.service.ts";
import {
  findUserWithAccount,
  restoreDeletedAccount,
  searchUsers,
  setAccountBillingFlags,
  setUserRoles,
} from "../features/users/user.service.ts";
import { recentLogins } from "../features/auth/auth.service.ts";

export const USAGE = `Usage: npm run admin -- <command> [arguments]

  set-flags <email> [--special-offers=on|off] [--unit-pricing=on|off] [--force-annual=on|off]
                    [--currency=usd|gbp|eur|aud|none] [--coupon=CODE|none] [--master=on|off]
  set-price-list <email> <${PRICE_LISTS.join("|")}|none>
  extend-trial <email> <days>
  deactivate-property <propertyId>
  reactivate-property <propertyId>
  list-cancellations [--status=received]
  set-cancellation-status <requestId> <status>
  list-alerts
  rebuild-analytics <email>
  audit-log              the operator's changes
  account-audit <email> [--limit=100]   what the account's users changed in bulk (bulk updates, duplicates)
  referral-rewards [--status=claimable|paid] [--limit=100]   referral rewards to be claimed, or paid by voucher
  set-affiliate <email> [--model=percentage|fixed] [--percentage=25] [--amount=20.00] [--months=12]
                [--currency=usd|gbp|eur|aud] [--name=NAME] [--logo-url=URL|none] [--label=LABEL]
                         make the user an affiliate (AFF-04) and set its commission model (AFF-16)
  affiliate-commissions [--status=payable|pending|paid|reversed] [--limit=100]   the affiliate ledger
  affiliate-payouts-csv <file>   payable commissions as a PayPal Payouts CSV; prints the batch id
  affiliate-payouts-paid <batch> the exported batch was paid in PayPal: its entries become paid
  system-content <affiliate-landing|affiliate-assets> [--title=] [--description=] [--long-description=]
                [--image-url=] [--testimonial=TEXT ...|--testimonials=none]   partner page and media assets
  jobs                   queued, running and failed jobs, then those finished in the last 24 hours
  jobs retry <id>        a failed job queued again at once
  find <email|name>      users whose email or name contains it, with their account and role (IMPL-22)
  logins <email>         the email's newest sign-in attempts (IMPL-22)
  restore-account <email>   undo an account's deletion within its 30 days, its subscription too (IMPL-33)
  backup <directory>     the embedded database, files and key into a new directory (server stopped)
  restore <directory>    a backup into a fresh DATA_DIR (server stopped); PostgreSQL: docs/operations.md

Every change is written to admin_audit_log with the actor (ADMIN_ACTOR, else $USER).`;

export class CommandError extends Error {}

/** An affiliate command's refusal is the operator's input error, printed like any other. */
async function affiliateCommand<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AffiliateCommandError) throw new CommandError(error.message);
    throw error;
  }
}

function options(args: string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (const arg of args) {
    const m = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (m) flags[m[1]!] = m[2]!;
    else positional.push(arg);
  }
  return { positional, flags };
}

function onOff(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "on" || value === "true") return true;
  if (value === "off" || value === "false") return false;
  throw new CommandError(`--${name} must be on or off`);
}

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The operator commands (IMPL-22, first slice). Returns the lines to print; every change is audited.
 * `payments` is the configured payment gateway: billing rows created here name it, and a trialing
 * subscription's trial is moved on it too.
 */
export async function runAdminCommand(
  db: Db,
  argv: string[],
  actor: string,
  payments: PaymentGateway,
  now: Date = new Date(),
): Promise<string[]> {
  const gateway = payments.kind;
  const [command, ...rest] = argv;
  const { positional, flags } = options(rest);
  const audit = (action: string, target: string | null, details: Record<string, unknown>) =>
    recordAdminAction(db, { actor, action, target, details });
  const userByEmail = async (email: string | undefined) => {
    if (!email) throw new CommandError("an email is required");
    const user = await findUserWithAccount({ db }, email);
    if (!user) throw new CommandError(`no user with email ${email}`);
    return { user, account: user.account };
  };

  switch (command) {
    case "set-flags": {
      const { user, account } = await userByEmail(positional[0]);
      const currency = flags.currency;
      if (currency !== undefined && currency !== "none" && !isCurrency(currency))
        throw new CommandError("--currency must be usd, gbp, eur, aud or none");
      const patch = defined({
        specialOffersEligible: onOff(flags["special-offers"], "special-offers"),
        unitPricing: onOff(flags["unit-pricing"], "unit-pricing"),
        forceAnnualSubscription: onOff(flags["force-annual"], "force-annual"),
        defaultCurrency: currency === undefined ? undefined : currency === "none" ? null : currency,
        couponCode:
          flags.coupon === undefined ? undefined : flags.coupon === "none" ? null : flags.coupon.toUpperCase(),
      });
      const master = onOff(flags.master, "master");
      if (Object.keys(patch).length === 0 && master === undefined) throw new CommandError("no flag given");
      if (Object.keys(patch).length > 0) await setAccountBillingFlags({ db }, account.id, patch);
      if (master !== undefined) await setUserRoles({ db }, user.id, { isMaster: master });
      await audit("set-flags", user.email, { ...patch, ...(master === undefined ? {} : { isMaster: master }) });
      return [
        `Updated ${user.email}: ${JSON.stringify({ ...patch, ...(master === undefined ? {} : { isMaster: master }) })}`,
      ];
    }
    case "set-price-list": {
      const { user, account } = await userByEmail(positional[0]);
      const list = positional[1];
      if (!list || (list !== "none" && !PRICE_LISTS.includes(list)))
        throw new CommandError(`price list must be one of ${PRICE_LISTS.join(", ")} or none`);
      await setPriceList(db, account.id, gateway, list === "none" ? null : list);
      await audit("set-price-list", user.email, { priceList: list });
      return [`${user.email} now gets the ${list === "none" ? "flag-selected" : list} price list.`];
    }
    case "extend-trial": {
      const { user, account } = await userByEmail(positional[0]);
      const days = Number(positional[1]);
      if (!Number.isInteger(days) || days < 1 || days > 365)
        throw new CommandError("days must be a whole number from 1 to 365");
      const from = account.trialEndsAt && account.trialEndsAt > now ? account.trialEndsAt : now;
      const trialEndsAt = new Date(from.getTime() + days * 86_400_000);
      await setAccountBillingFlags({ db }, account.id, { trialEndsAt });
      // A host who subscribed in the trial is billed at the provider's trial end: move it as well.
      const subscription = await moveSubscriptionTrialEnd(db, payments, gateway, account.id, trialEndsAt);
      await audit("extend-trial", user.email, {
        days,
        from: account.trialEndsAt?.toISOString() ?? null,
        to: trialEndsAt.toISOString(),
        subscription,
      });
      return [
        `Trial of ${user.email} now ends ${trialEndsAt.toISOString()}${subscription ? `; subscription ${subscription} starts billing then` : ""}.`,
      ];
    }
    case "deactivate-property":
    case "reactivate-property": {
      const propertyId = positional[0];
      if (!propertyId) throw new CommandError("a propertyId is required");
      const active = command === "reactivate-property";
      if (!(await setPropertyActive(db, propertyId, active))) throw new CommandError(`no property ${propertyId}`);
      await audit(command, propertyId, { active });
      return [`Property ${propertyId} is now ${active ? "active" : "inactive"}.`];
    }
    case "list-cancellations": {
      const rows = await listPauseCancelRequests(db, flags.status ? [flags.status] : null);
      await audit("list-cancellations", null, { status: flags.status ?? null, count: rows.length });
      return rows.length === 0
        ? ["No pause or cancel requests."]
        : rows.map(
            (r) =>
              `${r.id}  ${r.createdAt.toISOString()}  ${r.status}  ${r.request}  ${r.reason}  ${r.name} <${r.email}> ${r.tel}${r.message ? `  "${r.message}"` : ""}`,
          );
    }
    case "set-cancellation-status": {
      const [id, status] = positional;
      if (!id || !status) throw new CommandError("a request id and a status are required");
      if (!(await setCancellationStatus(db, id, status))) throw new CommandError(`no request ${id}`);
      await audit("set-cancellation-status", id, { status });
      return [`Request ${id} is now ${status}.`];
    }
    case "list-alerts": {
      const rows = await listBillingAlerts(db);
      await audit("list-alerts", null, { count: rows.length });
      return rows.length === 0
        ? ["No subscription alerts."]
        : rows.map(
            (r) =>
              `${r.createdAt.toISOString()}  ${r.kind}  account ${r.accountId}  ${r.errorMessage}  ${JSON.stringify(r.payload)}`,
          );
    }
    case "rebuild-analytics": {
      const { user, account } = await userByEmail(positional[0]);
      const timeZone = await rebuildAccountAnalytics(db, account.id);
      await audit("rebuild-analytics", user.email, { timeZone });
      return [`Analytics of ${user.email} recounted from raw visits in ${timeZone}.`];
    }
    case "audit-log": {
      const rows = await listAdminActions(db);
      return rows.map(
        (r) => `${r.createdAt.toISOString()}  ${r.actor}  ${r.action}  ${r.target ?? ""}  ${JSON.stringify(r.details)}`,
      );
    }
    case "account-audit": {
      const { account } = await userByEmail(positional[0]);
      const limit = Number(flags.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CommandError("--limit must be 1-10000");
      const rows = await listAccountAudit(db, account.id, limit);
      if (rows.length === 0) return ["No bulk changes recorded for this account."];
      return rows.map(
        (r) =>
          `${r.createdAt.toISOString()}  ${r.email ?? "(deleted user)"}  ${r.action}  ${r.subject ?? ""}  ${JSON.stringify(r.details)}`,
      );
    }
    case "referral-rewards": {
      const status = flags.status ?? "claimable";
      if (status !== "claimable" && status !== "paid") throw new CommandError("--status must be claimable or paid");
      const limit = Number(flags.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CommandError("--limit must be 1-10000");
      const lines = await listReferralPayouts(db, status, limit);
      return lines.length > 0 ? lines : [`No ${status} referral rewards.`];
    }
    case "set-affiliate": {
      const { user } = await userByEmail(positional[0]);
      const settings = await affiliateCommand(() => setAffiliate(db, user, flags, now));
      await setUserRoles({ db }, user.id, { isAffiliate: true });
      await audit("set-affiliate", user.email, settings);
      return [`${user.email} is an affiliate: ${JSON.stringify(settings)}`];
    }
    case "affiliate-commissions": {
      const status = flags.status ?? "payable";
      if (!["pending", "payable", "paid", "reversed"].includes(status))
        throw new CommandError("--status must be pending, payable, paid or reversed");
      const limit = Number(flags.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CommandError("--limit must be 1-10000");
      const lines = await listAffiliateCommissions(db, status, limit);
      return lines.length > 0 ? lines : [`No ${status} affiliate commissions.`];
    }
    case "affiliate-payouts-csv": {
      const file = positional[0];
      if (!file) throw new CommandError("a file to write the CSV to is required");
      const { batch, csv, count } = await exportPayoutsCsv(db, now);
      if (count === 0) return ["No payable commissions of affiliates with a PayPal email."];
      await writeFile(file, csv, { flag: "wx" });
      await audit("affiliate-payouts-csv", batch, { payouts: count, file });
      return [`Wrote ${count} payouts to ${file}: batch ${batch}. After paying, run affiliate-payouts-paid ${batch}.`];
    }
    case "affiliate-payouts-paid": {
      const batch = positional[0];
      if (!batch) throw new CommandError("a batch id is required");
      const lines = await markPayoutsPaid(db, batch, now);
      if (lines.length === 0) throw new CommandError(`nothing payable in batch ${batch}`);
      await audit("affiliate-payouts-paid", batch, {});
      return lines;
    }
    case "system-content": {
      const label = positional[0] ?? "";
      const testimonials = rest.filter((a) => a.startsWith("--testimonial=")).map((a) => a.slice(14).trim());
      const patch = await affiliateCommand(() =>
        editSystemContent(db, label, flags, testimonials.filter(Boolean), now),
      );
      await audit("system-content", label, patch);
      return [`System content ${label} updated: ${Object.keys(patch).join(", ")}.`];
    }
    case "find": {
      const term = positional.join(" ").trim();
      if (!term) throw new CommandError("an email or a name is required");
      const rows = await searchUsers({ db }, term);
      if (rows.length === 0) return [`No user matches ${term}.`];
      return rows.map(
        (u) =>
          `${u.email}  ${[u.firstName, u.lastName].filter(Boolean).join(" ")}  ` +
          `${u.isMaster ? "owner" : (u.memberRole ?? "admin")}  account ${u.accountId}` +
          (u.deletedAt ? `  DELETED ${u.deletedAt.toISOString()}` : ""),
      );
    }
    case "logins": {
      const email = positional[0];
      if (!email) throw new CommandError("an email is required");
      const rows = await recentLogins({ db }, email);
      if (rows.length === 0) return [`No sign-in attempts for ${email}.`];
      return rows.map(
        (r) =>
          `${r.createdAt.toISOString()}  ${r.success ? "ok" : `failed (${r.failureCode ?? "?"})`}  ` +
          `${r.ip ?? "-"}  ${r.userAgent ?? "-"}`,
      );
    }
    case "restore-account": {
      const { user, account } = await userByEmail(positional[0]);
      if (!account.deletedAt) throw new CommandError(`the account of ${user.email} is not deleted`);
      // The subscription first (decision 060): a gateway error stops here, with nothing changed yet.
      const subscription = await restoreAccountSubscription(db, payments, account.id);
      await restoreDeletedAccount({ db }, account.id);
      await audit("restore-account", user.email, {
        deletedAt: account.deletedAt.toISOString(),
        subscription: subscription.outcome,
      });
      const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? "its period's end";
      const lines = [`Restored the account of ${user.email}; its members can sign in again.`];
      if (subscription.outcome === "resumed")
        lines.push(`Its subscription is no longer set to end: it renews on ${day(subscription.renewsAt)}.`);
      else if (subscription.outcome === "kept")
        lines.push(`Its subscription was still on (not set to end): it renews on ${day(subscription.renewsAt)}.`);
      else if (subscription.outcome === "ended")
        lines.push(
          "Its subscription had ended and cannot be resumed: the owner subscribes again on the Subscription page. " +
            (account.trialEndsAt && account.trialEndsAt > now
              ? `Until then its trial runs (ends ${day(account.trialEndsAt)}).`
              : "Until then its guides are offline."),
        );
      return lines;
    }
    default:
      throw new CommandError(USAGE);
  }
}
