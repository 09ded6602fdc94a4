import { startFakeHttp, type FakeRequest } from "./http-fake.ts";

/**
 * Twilio's Messages API as the official package calls it (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded), answering "queued" with a message sid, or Twilio's error body while `failing` is set.
 */
export async function startTwilioFake() {
  const state = { failing: false };
  const fake = await startFakeHttp((req: FakeRequest) => {
    const match = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(req.path);
    if (req.method !== "POST" || !match) return { status: 404, json: { code: 20404, message: "Not found" } };
    const form = new URLSearchParams(req.body);
    if (state.failing)
      return { status: 400, json: { code: 21211, message: `The 'To' number ${form.get("To")} is not valid.` } };
    return {
      status: 201,
      json: {
        sid: `SM${String(fake.requests.length).padStart(32, "0")}`,
        account_sid: match[1],
        to: form.get("To"),
        from: form.get("From"),
        body: form.get("Body"),
        status: "queued",
      },
    };
  });
  /** The messages sent, as the fake received them. */
  const sent = () =>
    fake.requests
      .filter((r) => r.method === "POST")
      .map((r) => Object.fromEntries(new URLSearchParams(r.body)) as Record<string, string>);
  return { ...fake, state, sent };
}
