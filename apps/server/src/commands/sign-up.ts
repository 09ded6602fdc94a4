// Sign-up spans auth (checks, the account and its master user through users, the session, the login link)
// and affiliates (an affiliate's record, or a host's attribution to the affiliate whose partner page sent
// them, AFF-17). Every write is in one transaction, so a failure leaves neither a user without their
// affiliate bookkeeping nor a session for a user that was rolled back; the welcome email goes after it.
import type { CreateAccountRequest } from "@doorstep/shared/schemas/auth";
import type { AppContext, RequestMeta } from "../app-context.ts";
import { checkSignUp, createSignedUpUser } from "../features/auth/auth.service.ts";
import { affiliateWelcome, attributeSignUp, createAffiliateRecord } from "../features/affiliates/affiliate.service.ts";
import { getUser } from "../features/users/user.service.ts";
import { sendAfterCommit } from "../providers/email/send-after-commit.ts";
import { welcomeEmail } from "../providers/email/templates.ts";
import { inTransaction } from "./transaction.ts";

/**
 * Creates a master account in trial, signs the user in and sends the welcome email (AUTH-27…32). An
 * affiliate sign-up (AFF-02…04) takes the same checks and tracking fields but makes an affiliate user with
 * no trial, an Affiliate record and the affiliate welcome; a host sign-up from a partner page is attributed
 * to its affiliate (AFF-17).
 */
export async function signUp(
  ctx: AppContext,
  input: CreateAccountRequest,
  meta: RequestMeta,
  kind: "host" | "affiliate" = "host",
): Promise<{ userId: string; token: string }> {
  // Rate limit, policy and the password hash first: nothing to roll back, and no transaction held for argon2.
  const checked = await checkSignUp(ctx, input, meta);
  const { userId, token, loginToken, affiliate } = await inTransaction(ctx, async (tx) => {
    const created = await createSignedUpUser(tx, input, checked, meta, kind);
    const user = await getUser(tx, created.userId);
    const affiliate = kind === "affiliate" ? await createAffiliateRecord(tx, user) : null;
    if (!affiliate) await attributeSignUp(tx, user.accountId, { medium: input.utmMedium, campaign: input.utmCampaign });
    return { ...created, affiliate };
  });
  const dashboardUrl = `${ctx.config.publicUrl}/?login_token=${encodeURIComponent(loginToken)}`;
  await sendAfterCommit(
    ctx,
    affiliate
      ? affiliateWelcome(ctx, checked.email, input.firstName, affiliate.trackingLabel, dashboardUrl)
      : welcomeEmail(checked.email, input.firstName, ctx.config.trialDays, dashboardUrl),
  );
  return { userId, token };
}
