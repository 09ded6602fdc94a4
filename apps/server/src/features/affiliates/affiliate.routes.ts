import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AffiliateAssetsResponse,
  AffiliateProfileResponse,
  AffiliateStatsResponse,
  PartnerPageResponse,
  PartnerParams,
  UpdateAffiliatePaymentDetailsRequest,
} from "@doorstep/shared/schemas/affiliates";
import type { AppContext } from "../../app-context.ts";
import { requestMeta, requireCaller } from "../../plugins/auth.ts";
import {
  getAffiliateAssets,
  getAffiliateProfile,
  getAffiliateStats,
  getPartnerPage,
  updatePaymentDetails,
} from "./affiliate.service.ts";

const tags = ["affiliates"];

/** Affiliates (AFF-05…16): the public partner page, and the caller's own affiliate data (XCUT-09). */
export function registerAffiliateRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/partners/:label",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "An affiliate's partner page: name, logo and label only, and the landing content (AFF-06, AFF-09)",
        params: PartnerParams,
        response: { 200: PartnerPageResponse },
      },
    },
    async (request) => getPartnerPage(ctx, request.params.label, requestMeta(request)),
  );

  app.get(
    "/api/affiliate",
    {
      config: { permission: "self" },
      schema: {
        tags,
        summary: "The caller's affiliate link, payment details and commission settings (AFF-10, AFF-14)",
        response: { 200: AffiliateProfileResponse },
      },
    },
    async (request) => getAffiliateProfile(ctx, requireCaller(request)),
  );

  app.patch(
    "/api/affiliate/payment-details",
    {
      config: { permission: "self" },
      schema: {
        tags,
        summary: "Sets the payment currency and PayPal email (AFF-14; master affiliates, AFF-11)",
        body: UpdateAffiliatePaymentDetailsRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updatePaymentDetails(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/affiliate/stats",
    {
      config: { permission: "self" },
      schema: {
        tags,
        summary: "The caller's referral totals, commission and referred customers (AFF-12, OPEN-26)",
        response: { 200: AffiliateStatsResponse },
      },
    },
    async (request) => getAffiliateStats(ctx, requireCaller(request)),
  );

  app.get(
    "/api/affiliate/assets",
    {
      config: { permission: "self" },
      schema: { tags, summary: "Media assets for affiliates (AFF-15)", response: { 200: AffiliateAssetsResponse } },
    },
    async (request) => getAffiliateAssets(ctx, requireCaller(request)),
  );
}
