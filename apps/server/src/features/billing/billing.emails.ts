import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

function message(to: string, template: string, subject: string, lines: string[], link?: string): EmailMessage {
  const text = `${lines.join("\n\n")}${link ? `\n\n${link}` : ""}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;padding:24px">${lines
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join("")}${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ""}</body></html>`;
  return { to, template, subject, text, html, links: link ? [link] : undefined };
}

/** IMPL-12: trial reminders 3 days and 1 day before, and on the day. */
export function trialNoticeEmail(to: string, firstName: string, kind: string, subscriptionUrl: string): EmailMessage {
  const texts: Record<string, [string, string]> = {
    "trial-ends-in-3-days": [
      "Your Doorstep free trial ends in 3 days",
      "Your free trial ends in 3 days. Set up your subscription to keep your guides live.",
    ],
    "trial-ends-in-1-day": [
      "Your Doorstep free trial ends tomorrow",
      "Your free trial ends tomorrow. Set up your subscription to keep your guides live.",
    ],
    "trial-ended": [
      "Your Doorstep free trial has ended",
      "Your free trial has ended and your guides are now inactive. Set up your subscription to make them live again.",
    ],
  };
  const [subject, line] = texts[kind] ?? texts["trial-ended"]!;
  return message(to, kind, subject, [`Hi ${firstName},`, line], subscriptionUrl);
}

/** IMPL-14: a renewal failed. */
export function paymentFailedEmail(to: string, firstName: string, subscriptionUrl: string): EmailMessage {
  return message(
    to,
    "payment-failed",
    "Your Doorstep payment failed",
    [
      `Hi ${firstName},`,
      "Your latest payment failed. Please add a new card now to avoid your account being cancelled.",
    ],
    subscriptionUrl,
  );
}

/** BILL-31, IMPL-37: a failure report for support. */
export function subscriptionAlertEmail(
  to: string,
  details: { accountId: string; userId: string; email: string; kind: string; errorMessage: string; payload: unknown },
): EmailMessage {
  return message(to, "subscription-alert", `Subscription alert: ${details.kind} (${details.email})`, [
    `Account ${details.accountId}, user ${details.userId} (${details.email}).`,
    `Error: ${details.errorMessage}`,
    `Payload: ${JSON.stringify(details.payload)}`,
  ]);
}

/** BILL-47, OPEN-28: the request for support, and the confirmation for the host. */
export function cancellationSupportEmail(
  to: string,
  r: {
    id: string;
    name: string;
    email: string;
    tel: string;
    request: string;
    reason: string;
    message: string | null;
    accountId: string;
  },
): EmailMessage {
  return message(to, "cancellation-request-support", `Pause/cancel request: ${r.request} (${r.email})`, [
    `Request ${r.id} from ${r.name} <${r.email}>, ${r.tel}, account ${r.accountId}.`,
    `Request: ${r.request}. Reason: ${r.reason}.`,
    `Message: ${r.message ?? "(none)"}`,
    "Please process within 48 hours.",
  ]);
}

export function cancellationConfirmationEmail(to: string, name: string, requestLabel: string): EmailMessage {
  return message(to, "cancellation-request-confirmation", "We have received your request", [
    `Hi ${name},`,
    `We have received your request: ${requestLabel}. We need 48 hours' notice and will confirm by email once it has been processed.`,
  ]);
}
