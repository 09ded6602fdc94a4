import { copy } from "@doorstep/shared/copy";
import type { EmailMessage } from "./email-provider.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

/** The layout of every product email: a title, paragraphs (escaped) and one button. */
export function emailLayout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#6b7280;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
</body></html>`;
}

/** The password reset email (AUTH-35). */
export function passwordResetEmail(to: string, resetUrl: string, ttlMinutes: number): EmailMessage {
  const lines = [
    "We received a request to reset the password of your Doorstep account.",
    `This link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this email.`,
  ];
  return {
    to,
    template: "password-reset",
    subject: "Reset your Doorstep password",
    text: `${lines.join("\n\n")}\n\nReset your password: ${resetUrl}\n`,
    html: emailLayout("Reset your password", lines, { label: "Reset password", url: resetUrl }),
    links: [resetUrl],
  };
}

/** The welcome / trial started email (IMPL-20), with a single-use sign-in link. */
export function welcomeEmail(to: string, firstName: string, trialDays: number, dashboardUrl: string): EmailMessage {
  const lines = [
    `Hi ${firstName}, welcome to Doorstep!`,
    `Your ${trialDays}-day free trial has been activated. Create your first property guide and share it with your guests by link or QR code.`,
  ];
  return {
    to,
    template: "welcome",
    subject: "Welcome to Doorstep: your free trial has started",
    text: `${lines.join("\n\n")}\n\nGo to your dashboard: ${dashboardUrl}\n`,
    html: emailLayout("Welcome to Doorstep", lines, { label: "Go to your dashboard", url: dashboardUrl }),
    links: [dashboardUrl],
  };
}

/** Notice to the old address after an email change (OPEN-34). */
export function emailChangedEmail(to: string, newEmail: string, loginUrl: string): EmailMessage {
  const lines = [
    `The login email of your Doorstep account was changed to ${newEmail}.`,
    "If you did not make this change, reply to this email straight away.",
  ];
  return {
    to,
    template: "email-changed",
    subject: "Your Doorstep login email was changed",
    text: `${lines.join("\n\n")}\n`,
    html: emailLayout("Your login email was changed", lines, { label: "Log in", url: loginUrl }),
  };
}

/** To the owner of an account under password guessing, once (decision 038): not locked, and what to do. */
export function loginUnderAttackEmail(to: string, firstName: string, attempts: number, resetUrl: string): EmailMessage {
  const c = copy.loginUnderAttackEmail;
  const lines = [c.greeting(firstName), c.attempts(attempts), c.notLocked, c.advice];
  return {
    to,
    template: "login-under-attack",
    subject: c.subject,
    text: `${lines.join("\n\n")}\n\n${c.action}: ${resetUrl}\n`,
    html: emailLayout(c.title, lines, { label: c.action, url: resetUrl }),
    links: [resetUrl],
  };
}

/**
 * A stay's guest link, in the guest's language (the guide's catalogue). No `links`: the embedded outbox prints
 * those to the log, and a stay link is a key that must never reach a log.
 */
export function stayLinkEmail(
  to: string,
  words: { subject: string; intro: string; button: string },
  url: string,
  lang: string,
): EmailMessage {
  const html = `<!doctype html><html lang="${escapeHtml(lang)}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(words.subject)}</h1><p style="margin:0 0 16px">${escapeHtml(words.intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(url)}</p>
</body></html>`;
  return {
    to,
    template: "stay-link",
    subject: words.subject,
    text: `${words.intro}\n\n${words.button}: ${url}\n`,
    html,
  };
}

/**
 * A scheduled message to a stay's guest (decision 050): the host's own words, plain and readable on a phone
 * (paragraphs, addresses made links), in the guest's language, with a one-click unsubscribe for the stay: a
 * link, and the List-Unsubscribe headers mail apps offer as a button (RFC 8058).
 */
export function guestMessageEmail(
  to: string,
  message: { subject: string; body: string; lang: string },
  unsubscribe: { url: string; label: string },
  /** Where the guest answers (the stay link's messages page), when the property takes messages. */
  reply?: { url: string; label: string },
): EmailMessage {
  const link = (s: string) =>
    escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#0f766e">${url}</a>`);
  const paragraphs = message.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${link(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const html = `<!doctype html><html lang="${escapeHtml(message.lang)}"><head><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px;font-size:16px;line-height:1.5">
${paragraphs}
${reply ? `<p style="margin:24px 0 0"><a href="${escapeHtml(reply.url)}" style="color:#0f766e">${escapeHtml(reply.label)}</a></p>` : ""}
<p style="color:#6b7280;font-size:13px;margin-top:32px"><a href="${escapeHtml(unsubscribe.url)}" style="color:#6b7280">${escapeHtml(unsubscribe.label)}</a></p>
</body></html>`;
  return {
    to,
    template: "scheduled-message",
    subject: message.subject,
    text: `${message.body}\n\n${reply ? `${reply.label}: ${reply.url}\n\n` : ""}--\n${unsubscribe.label}: ${unsubscribe.url}\n`,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** An invitation to join a team (decision 057): the link works once, for `ttlDays` days. */
export function teamInvitationEmail(to: string, inviterName: string, joinUrl: string, ttlDays: number): EmailMessage {
  const lines = [
    `${inviterName} invited you to their Doorstep account, where they manage their guest guides.`,
    `Choose your password to join. This link works once and expires in ${ttlDays} days.`,
  ];
  return {
    to,
    template: "team-invitation",
    subject: `${inviterName} invited you to Doorstep`,
    text: `${lines.join("\n\n")}\n\nJoin: ${joinUrl}\n`,
    html: emailLayout("Join your team on Doorstep", lines, { label: "Join", url: joinUrl }),
    links: [joinUrl],
  };
}

/** A host's "Contact support" message (PROP-20): to SUPPORT_EMAIL, answered by replying to the host. */
export function supportRequestEmail(
  to: string,
  request: {
    subject: string;
    message: string;
    fromName: string;
    fromEmail: string;
    accountId: string;
    property: string | null;
  },
): EmailMessage {
  const lines = [
    `From: ${request.fromName} <${request.fromEmail}>`,
    `Account: ${request.accountId}`,
    `Property: ${request.property ?? "none"}`,
    request.message,
  ];
  return {
    to,
    replyTo: request.fromEmail,
    template: "support-request",
    subject: `Support: ${request.subject}`,
    text: lines.join("\n\n"),
    html: `<pre style="white-space:pre-wrap;font-family:inherit">${lines
      .map((l) => l.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"))
      .join("\n\n")}</pre>`,
  };
}

/** The account's data archive is ready (IMPL-33): a link that works for `hours` hours, for the owner signed in. */
export function accountExportEmail(to: string, url: string, hours: number): EmailMessage {
  const lines = [
    "The archive of your Doorstep account's data is ready: its records as JSON and its uploaded files.",
    `Sign in as the account's owner to download it. The link works for ${hours} hours.`,
  ];
  return {
    to,
    template: "account-export",
    subject: "Your Doorstep data is ready",
    text: `${lines.join("\n\n")}\n\nDownload: ${url}\n`,
    html: emailLayout("Your data is ready", lines, { label: "Download", url }),
    links: [url],
  };
}
