import type { AppContext } from "../../app-context.ts";

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
  const { sendTwilioSms } = await import("./twilio.ts");
  return sendTwilioSms(twilio, ctx.config.publicUrl, message);
}
