import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import type { AppContext } from "../app-context.ts";
import { emailOutbox } from "../db/schema/email.ts";
import type { TestUser } from "./factories.ts";
import { createSession } from "../features/auth/session.service.ts";

export const CARDS = {
  ok: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficient: "4000 0000 0000 9995",
  failsLater: "4000 0000 0000 0341",
  authentication: "4000 0027 6000 3184",
} as const;

/** The browser's test card form on the local gateway: returns the payment method id. */
export async function localCard(app: FastifyInstance, user: TestUser, number: string): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/billing/local/payment-methods",
    headers: { cookie: user.cookie },
    payload: { number, expMonth: 12, expYear: 2099, cvc: "123" },
  });
  if (res.statusCode !== 201) throw new Error(`localCard: ${res.statusCode} ${res.body}`);
  return res.json().paymentMethod.id as string;
}

export async function subscribe(
  app: FastifyInstance,
  user: TestUser,
  number: string,
  body: Record<string, unknown> = {},
) {
  const paymentMethodId = await localCard(app, user, number);
  return app.inject({
    method: "POST",
    url: "/api/billing/subscription",
    headers: { cookie: user.cookie },
    payload: { cycle: "monthly", paymentMethodId, ...body },
  });
}

export async function getJson(app: FastifyInstance, user: TestUser, url: string) {
  const res = await app.inject({ url, headers: { cookie: user.cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function emailsTo(ctx: AppContext, to: string) {
  return ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

export const DAY = 86_400_000;

/** A new session for `user` after the clock jumped past the 7-day idle limit. */
export async function freshSession(ctx: AppContext, user: TestUser): Promise<TestUser> {
  const token = await createSession(ctx, user.id, { ip: "127.0.0.1", userAgent: "vitest", clientVersion: null });
  return { ...user, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The webhook secret the Stripe tests sign with. */
export const STRIPE_WEBHOOK_SECRET = "whsec_test_doorstep";

/** The app's payments configuration against the fake Stripe server at `apiUrl` (test/fakes/stripe-fake.ts). */
export function fakeStripePayments(apiUrl: string) {
  return {
    stripeSecretKey: "sk_test_fake",
    stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: "pk_test_fake",
    stripeApiUrl: apiUrl,
  };
}
