/** Twilio through its official package (decision 050): not built yet. */
export async function sendTwilioSms(
  _config: { accountSid: string; authToken: string; from: string; apiUrl?: string },
  _publicUrl: string,
  _message: { to: string; body: string; statusKey: string },
): Promise<string> {
  throw new Error("SMS sending is not built yet");
}
