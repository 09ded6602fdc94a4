import { emailLayout } from "../../providers/email/templates.ts";
import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { CURRENCY_SYMBOLS, isCurrency } from "@doorstep/shared/rules/billing";

/** 20.00 in the currency's symbol: "$20.00", "£5.00". */
export function formatMoney(minor: number, currency: string): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency.toUpperCase()} `;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}

/** IMPL-20: the affiliate welcome, with the partner link to share and a way into the dashboard. */
export function affiliateWelcomeEmail(
  to: string,
  firstName: string,
  partnerLink: string,
  dashboardUrl: string,
): EmailMessage {
  const lines = [
    `Hi ${firstName}, welcome to the Doorstep affiliate programme!`,
    `Share your partner link: ${partnerLink}`,
    "You earn commission on the subscription payments of every customer who signs up through it. Your dashboard shows your referrals, media assets and commission terms.",
  ];
  return {
    to,
    template: "affiliate-welcome",
    subject: "Welcome to the Doorstep affiliate programme",
    text: `${lines.join("\n\n")}\n\nGo to your dashboard: ${dashboardUrl}\n`,
    html: emailLayout("Welcome to the Doorstep affiliate programme", lines, {
      label: "Go to your dashboard",
      url: dashboardUrl,
    }),
    links: [dashboardUrl],
  };
}

/** IMPL-20, OPEN-71: commission passed its 35 days and will be in the next monthly PayPal payout. */
export function commissionPayableEmail(
  to: string,
  firstName: string,
  amounts: string,
  paymentDetailsUrl: string,
): EmailMessage {
  const lines = [
    `Hi ${firstName},`,
    `Commission of ${amounts} is now payable to you. It will be paid by PayPal with the next monthly payout.`,
    "Please check that your payment currency and PayPal email are up to date.",
  ];
  return {
    to,
    template: "affiliate-commission-payable",
    subject: "Your Doorstep commission is payable",
    text: `${lines.join("\n\n")}\n\nYour payment details: ${paymentDetailsUrl}\n`,
    html: emailLayout("Your commission is payable", lines, { label: "Check payment details", url: paymentDetailsUrl }),
    links: [paymentDetailsUrl],
  };
}
