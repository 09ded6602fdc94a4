import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/email.ts";
import type { EmailProvider } from "./email-provider.ts";

/** The embedded default: stores each email in the outbox table and logs its links. */
export function createOutboxEmailProvider({ db, log }: { db: Db; log: FastifyBaseLogger }): EmailProvider {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(emailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        template: message.template,
        headers: message.headers ?? null,
        replyTo: message.replyTo ?? null,
      });
      log.info(
        { to: message.to, template: message.template, links: message.links ?? [] },
        `email outbox: "${message.subject}"`,
      );
    },
  };
}

/** The newest emails the outbox holds for one address (the e2e suite reads them; NODE_ENV=test only). */
export function readOutbox(db: Db, to: string, limit = 20) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
