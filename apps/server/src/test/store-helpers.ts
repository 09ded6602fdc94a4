import type { FastifyInstance } from "fastify";
import type { OfferRequest } from "@doorstep/shared/schemas/store";
import type { AppContext } from "../app-context.ts";
import { createStay } from "../features/stays/stays.service.ts";
import { getStayLink } from "../features/stays/stay-links.service.ts";
import { buildProperty, type TestUser } from "./factories.ts";

// The guest store's test helpers: offers, stays with their link token, and orders placed from the link.

/** A day `n` days from the app's clock, as YYYY-MM-DD. */
export const dayFrom = (ctx: AppContext, n: number) =>
  new Date(ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

export const LATE_CHECK_OUT: OfferRequest = {
  type: "late-check-out",
  texts: { en: { title: "Late check-out", description: "<p>Stay longer</p><script>alert(1)</script>" } },
  slots: [
    { time: "13:00", amount: 3000 },
    { time: "14:00", amount: 5000 },
  ],
  confirmation: "approve",
  propertyIds: null,
  active: true,
};

export async function createOfferFor(app: FastifyInstance, user: TestUser, body: Partial<OfferRequest> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/store/offers",
    headers: { cookie: user.cookie },
    payload: { ...LATE_CHECK_OUT, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createOffer: ${res.statusCode} ${res.body}`);
  return res.json().offer as { id: string };
}

/** A stay on a new property (or `propertyId`) of `user`, and its link token. */
export async function stayWithToken(
  app: FastifyInstance,
  ctx: AppContext,
  user: TestUser,
  options: { propertyId?: string; inDays?: number; nights?: number; email?: string } = {},
) {
  const propertyId = options.propertyId ?? (await buildProperty(app, user)).propertyId;
  const inDays = options.inDays ?? 0;
  const { stay } = await createStay(ctx, user.accountId, {
    propertyId,
    guestFirstName: "Ana",
    guestLastName: "Guest",
    guestEmail: options.email ?? "ana@guest.test",
    adults: 2,
    children: 0,
    checkInDate: dayFrom(ctx, inDays),
    checkOutDate: dayFrom(ctx, inDays + (options.nights ?? 2)),
  });
  const link = await getStayLink(ctx, user.accountId, stay.id);
  return { stay, token: link.token, propertyId };
}

export const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: "123" });

let keySeq = 0;
/** POST an order from the stay link; a fresh idempotency key unless one is given. */
export function orderFromLink(
  app: FastifyInstance,
  token: string,
  body: { offerId: string; slotTime?: string; quantity?: number; card?: object; idempotencyKey?: string },
) {
  return app.inject({
    method: "POST",
    url: `/api/stay-store/${token}/orders`,
    payload: {
      idempotencyKey: body.idempotencyKey ?? `key-${Date.now()}-${++keySeq}`,
      card: body.card ?? card("4242424242424242"),
      ...body,
    },
  });
}
