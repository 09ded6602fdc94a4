import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { EmailProvider } from "./email-provider.ts";
import { createOutboxEmailProvider } from "./outbox.ts";
import { createSmtpEmailProvider } from "./smtp.ts";

/**
 * Picks the provider from config: SMTP when SMTP_URL is set, else the outbox table plus a log line, so a
 * local run needs no mail server and its links can be followed from the log.
 */
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
