import nodemailer from "nodemailer";
import type { EmailProvider } from "./email-provider.ts";

/** Real email through any SMTP server, configured by one URL (smtp://user:pass@host:port). */
export function createSmtpEmailProvider({ url, from }: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
  };
}
