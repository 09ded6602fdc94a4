import { CURRENCY_SYMBOLS, isCurrency } from "@doorstep/shared/rules/billing";
import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

function message(to: string, template: string, subject: string, lines: string[], link: string): EmailMessage {
  const text = `${lines.join("\n\n")}\n\n${link}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;padding:24px">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p></body></html>`;
  return { to, template, subject, text, html, links: [link] };
}

/** 20.00 in the currency's symbol: "$20.00", "£5.00". */
export function formatReward(minor: number, currency: string): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency.toUpperCase()} `;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}

/** IMPL-17, IMPL-20: an instalment of a reward can be claimed now, for 90 days (REF-17). */
export function rewardClaimableEmail(to: string, firstName: string, amount: string, url: string): EmailMessage {
  return message(
    to,
    "referral-reward-claimable",
    "Your Doorstep referral reward is ready to claim",
    [
      `Hi ${firstName},`,
      `A friend you referred has been subscribed for long enough: your reward of ${amount} is ready. Claim it on your referrals page within 90 days.`,
    ],
    url,
  );
}

/** REF-18, IMPL-20: the voucher for a claimed reward. */
export function rewardVoucherEmail(
  to: string,
  firstName: string,
  vouchers: { code: string; amount: string }[],
  url: string,
): EmailMessage {
  return message(
    to,
    "referral-voucher",
    "Your Doorstep referral voucher",
    [
      `Hi ${firstName},`,
      "Thank you for referring a friend to Doorstep. Here is your voucher:",
      ...vouchers.map((v) => `${v.code} — ${v.amount}`),
    ],
    url,
  );
}
