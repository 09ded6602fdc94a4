import { createHmac } from "node:crypto";
import type { AppContext, RequestMeta } from "../../app-context.ts";
import { loadSecretKey } from "../../lib/secret-box.ts";
import { findUserIdWithReferrerCode } from "../users/user.service.ts";
import { countClicksOf, insertReferralClick } from "./referral.repository.ts";

/** Per IP: far above people sharing an office's address, far below a script inflating a count. */
export const REFERRAL_CLICK_RATE_LIMIT = { max: 30, windowMs: 60 * 60_000 };

// Crawlers and link previews (chat apps unfurling a shared link) are not people clicking (REF-13).
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|telegram|skype|curl\/|wget\/|python-|go-http|okhttp|axios\//i;

export const isBotAgent = (userAgent: string | null) => !userAgent || BOT_AGENT.test(userAgent);

const keys = new WeakMap<AppContext["config"], Buffer>();

/** A key for visitor hashes only, derived from the server secret (decision 018). */
function clickKey(ctx: AppContext): Buffer {
  let key = keys.get(ctx.config);
  if (!key) {
    key = createHmac("sha256", loadSecretKey(ctx.config.secretKey, ctx.config.dataDir))
      .update("referral-clicks")
      .digest();
    keys.set(ctx.config, key);
  }
  return key;
}

/**
 * REF-13, IMPL-18: counts a click on a referral link once per visitor per UTC day. The visitor is a keyed
 * hash of the day, IP and user agent, never the IP itself. Bots and unknown codes count nothing; a caller
 * past the rate limit gets RATE_LIMITED, which /r swallows.
 */
export async function recordReferralClick(
  ctx: AppContext,
  code: string | undefined,
  meta: Pick<RequestMeta, "ip" | "userAgent">,
): Promise<boolean> {
  if (!code || isBotAgent(meta.userAgent)) return false;
  await ctx.rateLimiter.consume("referral-click", meta.ip, REFERRAL_CLICK_RATE_LIMIT);
  const referrerUserId = await findUserIdWithReferrerCode(ctx, code);
  if (!referrerUserId) return false;
  const day = ctx.now().toISOString().slice(0, 10);
  const visitorHash = createHmac("sha256", clickKey(ctx))
    .update(`${day}\n${meta.ip}\n${meta.userAgent ?? ""}`)
    .digest("base64url");
  return insertReferralClick(ctx.db, { referrerUserId, day, visitorHash });
}

/** REF-11: the marketing site with ref, utm_medium=referral and utm_campaign={ref}. */
export function referralRedirectUrl(ctx: AppContext, code: string | undefined): string {
  const url = new URL(ctx.config.marketingUrl);
  if (code) {
    url.searchParams.set("ref", code);
    url.searchParams.set("utm_medium", "referral");
    url.searchParams.set("utm_campaign", code);
  }
  return url.toString();
}

/** OPEN-26: how many clicks a referrer's links (an affiliate's partner page too) have counted. */
export function countReferralClicks(ctx: AppContext, referrerUserId: string): Promise<number> {
  return countClicksOf(ctx.db, referrerUserId);
}
