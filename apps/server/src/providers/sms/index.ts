import type { AppContext } from "../../app-context.ts";
import { isTwilioRequest, sendTwilioSms } from "./twilio.ts";

/**
 * Sends an SMS through the configured provider (decision 050) and answers its first delivery status. Only
 * called for SMS rules, which exist only where SMS is configured (TWILIO_*).
 */
export async function sendSms(
  ctx: Pick<AppContext, "config">,
  message: { to: string; body: string; statusKey: string },
): Promise<string> {
  const twilio = ctx.config.twilio;
  if (!twilio) throw new Error("SMS is not configured");
  return sendTwilioSms(twilio, ctx.config.publicUrl, message);
}

/** Whether a delivery report is the SMS provider's own (its signature checked); false without a provider. */
export function isSmsProviderRequest(
  ctx: Pick<AppContext, "config">,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  return ctx.config.twilio ? isTwilioRequest(ctx.config.twilio, signature, url, params) : false;
}
