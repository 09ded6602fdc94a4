import type { FastifyBaseLogger } from "fastify";
import type { EmailMessage, EmailProvider } from "./email-provider.ts";

/**
 * Sends an email that follows a change already saved (sign-up, email change). A failing provider is
 * logged, never turned into a failed request: the change stands, and a retry would only meet
 * "This email address is already in use" or a client that shows "not saved" for a saved value.
 */
export async function sendAfterCommit(
  ctx: { email: EmailProvider; log: FastifyBaseLogger },
  message: EmailMessage,
): Promise<void> {
  try {
    await ctx.email.send(message);
  } catch (error) {
    ctx.log.error({ err: error, template: message.template }, "email not sent: the provider failed");
  }
}
