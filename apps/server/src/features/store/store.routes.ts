import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { storeLabels } from "@doorstep/shared/guide-i18n/store-labels";
import { text } from "@doorstep/shared/schemas/text";
import {
  ConnectLinkResponse,
  DeclineOrderRequest,
  GuestOrderRequest,
  GuestOrderResponse,
  GuestStoreResponse,
  OfferRequest,
  OfferResponse,
  OrderListResponse,
  OrderResponse,
  RefundOrderRequest,
  RevenueResponse,
  StoreResponse,
  UpdateStoreSettingsRequest,
} from "@doorstep/shared/schemas/store";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { sendAppError } from "../../plugins/errors.ts";
import { receiveImage } from "../../lib/uploads.ts";
import {
  createOffer,
  deleteOffer,
  editOffer,
  getOffer,
  getStore,
  removeOfferPhoto,
  setOfferPhoto,
} from "./offers.service.ts";
import { startConnectOnboarding, updateStoreSettings } from "./store-settings.service.ts";
import {
  approveOrder,
  declineOrder,
  getRevenue,
  listHostOrders,
  refundOrder,
  revenueCsv,
} from "./host-orders.service.ts";
import { getGuestStore, orderFromStayLink, requireStoreStay } from "./guest-store.service.ts";
import { handleStoreWebhook } from "./store-jobs.service.ts";

const tags = ["store"];
const OfferParams = z.object({ offerId: z.uuid() });
const OrderParams = z.object({ orderId: z.uuid() });
const TokenParams = z.object({ token: text().min(1).max(100) });
const LangQuery = z.object({ lang: text().max(12).optional() });
/** Guest answers are the guest's alone, never indexed, and the token never leaves as a Referer. */
const GUEST_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** The guest store (decision 053): the host's offers and orders, the guest's store by stay link, the webhook. */
export function registerStoreRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/store",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "The store: settings, payouts, offers", response: { 200: StoreResponse } },
    },
    async (request) => getStore(ctx, requireCaller(request)),
  );
  app.put(
    "/api/store/settings",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Store currency and Answer within",
        body: UpdateStoreSettingsRequest,
        response: { 200: StoreResponse },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      await updateStoreSettings(ctx, caller.accountId, request.body);
      return getStore(ctx, caller);
    },
  );
  app.post(
    "/api/store/connect",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Get paid: the payout account's onboarding link",
        response: { 200: ConnectLinkResponse },
      },
    },
    async (request) => ({ url: await startConnectOnboarding(ctx, requireCaller(request).accountId) }),
  );
  app.post(
    "/api/store/offers",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "New offer", body: OfferRequest, response: { 201: OfferResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({ offer: await createOffer(ctx, requireCaller(request), request.body) }),
  );
  app.get(
    "/api/store/offers/:offerId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "One offer", params: OfferParams, response: { 200: OfferResponse } },
    },
    async (request) => ({ offer: await getOffer(ctx, requireCaller(request), request.params.offerId) }),
  );
  app.put(
    "/api/store/offers/:offerId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Edit an offer",
        params: OfferParams,
        body: OfferRequest,
        response: { 200: OfferResponse },
      },
    },
    async (request) => ({
      offer: await editOffer(ctx, requireCaller(request), request.params.offerId, request.body),
    }),
  );
  app.delete(
    "/api/store/offers/:offerId",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Delete an offer (its orders stay)", params: OfferParams },
    },
    async (request, reply) => {
      await deleteOffer(ctx, requireCaller(request), request.params.offerId);
      return reply.status(204).send(null);
    },
  );
  app.put(
    "/api/store/offers/:offerId/photo",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Replace an offer's photo (FILE rules)",
        consumes: ["multipart/form-data"],
        params: OfferParams,
        response: { 200: OfferResponse },
      },
    },
    async (request) => ({
      offer: await setOfferPhoto(ctx, requireCaller(request), request.params.offerId, () => receiveImage(request)),
    }),
  );
  app.delete(
    "/api/store/offers/:offerId/photo",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Remove an offer's photo", params: OfferParams, response: { 200: OfferResponse } },
    },
    async (request) => ({ offer: await removeOfferPhoto(ctx, requireCaller(request), request.params.offerId) }),
  );

  app.get(
    "/api/orders",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "Orders, pending first", response: { 200: OrderListResponse } },
    },
    async (request) => listHostOrders(ctx, requireCaller(request)),
  );
  app.get(
    "/api/orders/revenue",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "Revenue per month and offer", response: { 200: RevenueResponse } },
    },
    async (request) => getRevenue(ctx, requireCaller(request)),
  );
  app.get(
    "/api/orders/revenue.csv",
    { config: { permission: "properties:read" }, schema: { tags, summary: "Revenue per month and offer as CSV" } },
    async (request, reply) => {
      const csv = await revenueCsv(ctx, requireCaller(request));
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="store-revenue.csv"')
        .send(csv);
    },
  );
  app.post(
    "/api/orders/:orderId/approve",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Approve: capture the card", params: OrderParams, response: { 200: OrderResponse } },
    },
    async (request) => ({ order: await approveOrder(ctx, requireCaller(request), request.params.orderId) }),
  );
  app.post(
    "/api/orders/:orderId/decline",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Decline: release the card",
        params: OrderParams,
        body: DeclineOrderRequest,
        response: { 200: OrderResponse },
      },
    },
    async (request) => ({
      order: await declineOrder(ctx, requireCaller(request), request.params.orderId, request.body.note),
    }),
  );
  app.post(
    "/api/orders/:orderId/refund",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Refund in full or in part",
        params: OrderParams,
        body: RefundOrderRequest,
        response: { 200: OrderResponse },
      },
    },
    async (request) => ({
      order: await refundOrder(ctx, requireCaller(request), request.params.orderId, request.body.amount),
    }),
  );

  app.get(
    "/api/stay-store/:token",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The guest's store by their stay link: offers for their property, their stay's orders",
        params: TokenParams,
        querystring: LangQuery,
        response: { 200: GuestStoreResponse },
      },
    },
    async (request, reply) => {
      reply.headers(GUEST_HEADERS);
      const stay = await requireStoreStay(ctx, request.params.token, request.ip);
      return getGuestStore(ctx, stay, request.query.lang);
    },
  );
  app.post(
    "/api/stay-store/:token/orders",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A guest's order; the same idempotency key answers the same order",
        params: TokenParams,
        querystring: LangQuery,
        body: GuestOrderRequest,
        response: { 200: GuestOrderResponse, 201: GuestOrderResponse },
      },
    },
    async (request, reply) => {
      reply.headers(GUEST_HEADERS);
      const stay = await requireStoreStay(ctx, request.params.token, request.ip);
      try {
        const { order, created } = await orderFromStayLink(ctx, stay, request.body);
        return await reply.status(created ? 201 : 200).send({ order });
      } catch (error) {
        // The guest reads this one on their page: in the guide's language, as the page's own labels.
        if (error instanceof AppError && error.reason === "ORDER_ALREADY_REQUESTED")
          return sendAppError(reply, error, storeLabels(request.query.lang ?? stay.guestLanguage).alreadyRequested);
        throw error;
      }
    },
  );

  // The webhook needs the exact bytes for its signature, so JSON is left unparsed in this scope only.
  void parent.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/store/webhook/stripe",
      {
        config: { public: true },
        bodyLimit: 1024 * 1024,
        schema: {
          tags,
          summary: "Stripe webhooks for the store (Connect, payments), verified by signature",
          hide: true,
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
        return handleStoreWebhook(ctx, raw, typeof signature === "string" ? signature : undefined);
      },
    );
  });
}
