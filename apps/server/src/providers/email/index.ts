import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { createOutboxEmailProvider } from "./outbox.ts";
import { createSmtpEmailProvider } from "./smtp.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Template name, for the outbox and logs. */
  template: string;
  /** Links in the email, printed to the log by the embedded provider so a local user can follow them. */
  links?: string[];
}

export interface EmailProvider {
  readonly kind: "outbox" | "smtp";
  send(message: EmailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set, else the outbox table plus a log line (ARCHITECTURE §1). */
export function createEmailProvider(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): EmailProvider {
  return options.smtpUrl
    ? createSmtpEmailProvider({ url: options.smtpUrl, from: options.from })
    : createOutboxEmailProvider({ db: options.db, log: options.log });
}
