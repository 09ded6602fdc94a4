import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_FUTURE_TOLERANCE_SECONDS } from "../../providers/payments/stripe-webhooks.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { fakeStripePayments, STRIPE_WEBHOOK_SECRET } from "../../test/billing-helpers.ts";
import { startFakeStripe } from "../../test/fakes/stripe-fake.ts";

const WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
const signer = new Stripe("sk_test_fake");
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  fake = await startFakeStripe(() => new Date());
  t = await createTestApp({
    config: {
      payments: fakeStripePayments(fake.url),
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let seq = 0;
/** An event that concerns no customer of ours, correctly signed at `signedAt` (seconds since the epoch). */
function webhookSignedAt(signedAt: number) {
  const payload = JSON.stringify({
    id: `evt_time_${++seq}`,
    object: "event",
    type: "customer.updated",
    created: signedAt,
    data: { object: { object: "customer", id: "cus_nobody" } },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: signedAt });
  return t.app.inject({
    method: "POST",
    url: "/api/billing/webhook/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

describe("a Stripe webhook's signed time", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses a signature from an hour ahead, or just past the tolerance, and one from an hour ago", async () => {
    for (const signedAt of [now() + 3600, now() + WEBHOOK_FUTURE_TOLERANCE_SECONDS + 60, now() - 3600]) {
      const res = await webhookSignedAt(signedAt);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    }
  });

  it("accepts one signed now, a minute ago, or a minute ahead (clock skew)", async () => {
    for (const signedAt of [now(), now() - 60, now() + 60]) {
      const res = await webhookSignedAt(signedAt);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ received: true, duplicate: false });
    }
  });
});
