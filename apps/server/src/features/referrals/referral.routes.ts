import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ClaimRewardResponse,
  ReferralClickQuery,
  ReferralDataResponse,
  ReferralPageQuery,
  RewardParams,
} from "@doorstep/shared/schemas/referrals";
import type { AppContext } from "../../app-context.ts";
import { requestMeta, requireCaller } from "../../plugins/auth.ts";
import { recordReferralClick, referralRedirectUrl } from "./referral-clicks.service.ts";
import { claimReward, getReferralData } from "./referral.service.ts";

const tags = ["referrals"];

/** Referrals (REF-01…19): the caller's page data and claims; /r is open to everyone (XCUT-06). */
export function registerReferralRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/referrals",
    {
      config: { permission: "referrals:manage" },
      schema: {
        tags,
        summary: "The caller's referral link, totals and referrals, newest first (REF-04, REF-05)",
        querystring: ReferralPageQuery,
        response: { 200: ReferralDataResponse },
      },
    },
    async (request) => getReferralData(ctx, requireCaller(request), request.query.cursor),
  );

  app.post(
    "/api/referrals/rewards/:rewardId/claim",
    {
      config: { permission: "referrals:manage" },
      schema: {
        tags,
        summary: "Claims a reward: its claimable instalments are paid by a voucher sent by email (REF-18)",
        params: RewardParams,
        response: { 200: ClaimRewardResponse },
      },
    },
    async (request) => claimReward(ctx, requireCaller(request), request.params.rewardId),
  );

  // REF-11, REF-12: the click is counted if it can be; the visitor is redirected whatever happened.
  app.get("/r", { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const parsed = ReferralClickQuery.safeParse(request.query);
    const code = parsed.success ? parsed.data.ref?.trim() || undefined : undefined;
    try {
      await recordReferralClick(ctx, code, requestMeta(request));
    } catch (error) {
      request.log.warn({ err: error }, "referral click not recorded");
    }
    return reply.header("Cache-Control", "no-store").redirect(referralRedirectUrl(ctx, code), 302);
  });
}
