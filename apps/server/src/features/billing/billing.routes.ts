import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  CancellationResponse,
  CreateCancellationRequest,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  InvoiceListQuery,
  InvoiceListResponse,
  LocalCardRequest,
  PaymentMethodResponse,
  PlansQuery,
  PlansResponse,
  SetupIntentResponse,
  SubscriptionAlertRequest,
  SubscriptionResponse,
  UpdatePaymentMethodRequest,
  UpdatePaymentMethodResponse,
} from "@doorstep/shared/schemas/billing";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { handleStripeWebhook, subscribe } from "../../commands/billing-events.ts";
import { listPlans } from "./billing-plans.service.ts";
import {
  listInvoices,
  reportSubscriptionAlert,
  requireBillingContext,
  updatePaymentMethod,
} from "./billing.service.ts";
import { getSubscriptionState } from "./subscription-state.service.ts";
import { getLocalReceipt, receiptHtml, receiptPdf } from "./receipt.ts";
import { createCancellationRequest } from "./cancellation.service.ts";
import { createLocalPaymentMethod, createSetupIntent } from "./payment-methods.service.ts";

const tags = ["billing"];

/** Billing API: master accounts only (BILL-49); the webhook is public and signed. */
export function registerBillingRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/billing/subscription",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "The caller's subscription, card and trial (BILL-01, BILL-33…39)",
        response: { 200: SubscriptionResponse },
      },
    },
    async (request) => ({
      subscription: await getSubscriptionState(ctx, await requireBillingContext(ctx, requireCaller(request))),
    }),
  );

  app.get(
    "/api/billing/plans",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "The caller's plans priced for the server-computed quantity (BILL-02…18)",
        querystring: PlansQuery,
        response: { 200: PlansResponse },
      },
    },
    async (request) => {
      const { account, billing } = await requireBillingContext(ctx, requireCaller(request));
      return listPlans(ctx, { account, billing, query: request.query, ip: request.ip });
    },
  );

  app.post(
    "/api/billing/setup-intent",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "A Stripe SetupIntent client secret for the card element (BILL-20)",
        response: { 200: SetupIntentResponse },
      },
    },
    async (request) => createSetupIntent(ctx, requireCaller(request)),
  );

  app.post(
    "/api/billing/local/payment-methods",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Local gateway only, never in production: a test-mode card (Stripe test numbers)",
        body: LocalCardRequest,
        response: { 201: PaymentMethodResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLocalPaymentMethod(ctx, requireCaller(request), request.body)),
  );

  app.post(
    "/api/billing/subscription",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Subscribe with a payment method; the server computes quantity and price (BILL-22…26)",
        body: CreateSubscriptionRequest,
        response: { 201: CreateSubscriptionResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await subscribe(ctx, requireCaller(request), request.body, request.ip)),
  );

  app.put(
    "/api/billing/payment-method",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Replace the card; retries an open invoice (BILL-35/36)",
        body: UpdatePaymentMethodRequest,
        response: { 200: UpdatePaymentMethodResponse },
      },
    },
    async (request) => updatePaymentMethod(ctx, requireCaller(request), request.body),
  );

  app.get(
    "/api/billing/invoices",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Invoices with an amount paid above 0, newest first (BILL-40)",
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListResponse },
      },
    },
    async (request) => listInvoices(ctx, requireCaller(request), request.query.cursor),
  );

  const InvoiceParams = z.object({ invoiceId: text().min(1).max(100) });
  app.get(
    "/api/billing/invoices/:invoiceId/receipt",
    {
      config: { permission: "billing:manage" },
      schema: { tags, summary: "A paid local-gateway invoice as a receipt page (BILL-40)", params: InvoiceParams },
    },
    async (request, reply) => {
      const receipt = await getLocalReceipt(ctx, requireCaller(request), request.params.invoiceId);
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "private, no-store")
        .send(receiptHtml(receipt));
    },
  );
  app.get(
    "/api/billing/invoices/:invoiceId/receipt.pdf",
    {
      config: { permission: "billing:manage" },
      schema: { tags, summary: "The same receipt as a PDF download (BILL-40)", params: InvoiceParams },
    },
    async (request, reply) => {
      const receipt = await getLocalReceipt(ctx, requireCaller(request), request.params.invoiceId);
      return reply
        .type("application/pdf")
        .header(
          "Content-Disposition",
          `attachment; filename="doorstep-receipt-${receipt.id.replace(/[^a-zA-Z0-9_-]/g, "")}.pdf"`,
        )
        .header("Cache-Control", "private, no-store")
        .send(await receiptPdf(receipt));
    },
  );

  app.post(
    "/api/billing/subscription-alerts",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Report a subscription failure seen in the browser (BILL-31)",
        body: SubscriptionAlertRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await reportSubscriptionAlert(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/billing/cancellation-requests",
    {
      config: { permission: "billing:manage" },
      schema: {
        tags,
        summary: "Ask to pause or cancel (BILL-43…48)",
        body: CreateCancellationRequest,
        response: { 201: CancellationResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCancellationRequest(ctx, requireCaller(request), request.body)),
  );

  // The webhook needs the exact bytes for its signature, so JSON is left unparsed in this scope only.
  void parent.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/billing/webhook/stripe",
      {
        config: { public: true },
        bodyLimit: 1024 * 1024,
        schema: { tags, summary: "Stripe webhooks, verified by signature (IMPL-14)", hide: true },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const raw = Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(typeof request.body === "string" ? request.body : "");
        return handleStripeWebhook(ctx, raw, typeof signature === "string" ? signature : undefined);
      },
    );
  });
}
