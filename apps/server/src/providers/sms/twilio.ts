import twilio from "twilio";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Where requests go instead of Twilio's own hosts (the tests' fake Twilio). */
  apiUrl?: string;
}

type Options = Parameters<twilio.RequestClient["request"]>[0];

/** Twilio's own HTTP client, its requests sent to `base` (same paths): the tests' fake Twilio. */
function redirectedClient(base: URL): twilio.RequestClient {
  const client = new twilio.RequestClient();
  const request = client.request.bind(client);
  client.request = ((opts: Options) => {
    const uri = new URL(opts.uri);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return request({ ...opts, uri: uri.toString() });
  }) as twilio.RequestClient["request"];
  return client;
}

const clients = new Map<string, twilio.Twilio>();
function clientFor(config: TwilioConfig): twilio.Twilio {
  const key = `${config.accountSid}|${config.apiUrl ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = twilio(config.accountSid, config.authToken, {
      ...(config.apiUrl ? { httpClient: redirectedClient(new URL(config.apiUrl)) } : {}),
    });
    clients.set(key, client);
  }
  return client;
}

/** Where Twilio reports a message's delivery (its status callback): the scheduled message's id in the query. */
export const smsStatusUrl = (publicUrl: string, statusKey: string) =>
  `${publicUrl}/api/sms/status?message=${encodeURIComponent(statusKey)}`;

/**
 * Sends an SMS with the official `twilio` package (decision 050), asking for delivery reports at the status
 * webhook; answers Twilio's first status ("queued", "accepted", …). Throws on Twilio's refusal.
 */
export async function sendTwilioSms(
  config: TwilioConfig,
  publicUrl: string,
  message: { to: string; body: string; statusKey: string },
): Promise<string> {
  const sent = await clientFor(config).messages.create({
    to: message.to,
    from: config.from,
    body: message.body,
    statusCallback: smsStatusUrl(publicUrl, message.statusKey),
  });
  return sent.status;
}

/** Whether a webhook request is Twilio's: its X-Twilio-Signature over the full URL and the posted fields. */
export function isTwilioRequest(
  config: TwilioConfig,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  return Boolean(signature) && twilio.validateRequest(config.authToken, signature!, url, params);
}
