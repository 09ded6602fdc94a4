import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { loginUnderAttackEmail } from "../../providers/email/templates.ts";
import { countLoginFailures } from "./auth.repository.ts";

/** The longest any address waits between tries on an account under attack. */
export const MAX_ATTACK_DELAY_SECONDS = 300;
/** How long one "under attack" email covers: a day-long attack is one email, not one per window. */
const ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long an address waits after its own last failure on an account with `failures` recent failures: nothing
 * below the rule's threshold, then 1 s doubling with each further failure, at most MAX_ATTACK_DELAY_SECONDS.
 */
export function attackDelaySeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(MAX_ATTACK_DELAY_SECONDS, 2 ** Math.min(failures - threshold, 16));
}

/**
 * Before a password is checked (OPEN-15, decision 038). Guessing is throttled by account and address together
 * (the `login` rule, counted per address and email), never by account alone: a lockout by email let anyone lock
 * a host out with ten wrong passwords. Instead an account under attack — `loginAttack.max` failures in the
 * window from any addresses — slows every address down: each may try again only some seconds after its own last
 * failure there, the wait growing with the attack. An address that has not failed on the account (the owner,
 * elsewhere) tries at once. Counted from the login attempts table on the app's clock, so every instance agrees.
 */
export async function throttleLogin(ctx: AppContext, email: string, ip: string): Promise<void> {
  const rule = ctx.config.rateLimits.loginAttack;
  const now = ctx.now().getTime();
  const { failures, lastFromAddress } = await countLoginFailures(ctx.db, email, ip, new Date(now - rule.windowMs));
  const delayMs = attackDelaySeconds(failures, rule.max) * 1000;
  if (!lastFromAddress || delayMs === 0) return;
  const waitMs = lastFromAddress.getTime() + delayMs - now;
  if (waitMs <= 0) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError("TOO_MANY_ATTEMPTS", { retryAfterSeconds });
}

/**
 * After a failed login on an existing account: once it reaches the attack threshold, its owner is emailed —
 * once a day whatever the number of instances (the rate limiter's counter is the shared "sent" flag).
 */
export async function noticeLoginFailure(ctx: AppContext, user: { email: string; firstName: string }): Promise<void> {
  const rule = ctx.config.rateLimits.loginAttack;
  const now = ctx.now().getTime();
  const { failures } = await countLoginFailures(ctx.db, user.email, "", new Date(now - rule.windowMs));
  if (failures < rule.max) return;
  try {
    await ctx.rateLimiter.consume("login-attack-email", user.email, { max: 1, windowMs: ALERT_WINDOW_MS });
  } catch {
    return; // told already
  }
  const resetUrl = `${ctx.config.publicUrl}/forgot-password`;
  await sendAfterCommit(ctx, loginUnderAttackEmail(user.email, user.firstName, failures, resetUrl));
}
