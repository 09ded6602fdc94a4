import { LOGIN_TOKEN_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from "@doorstep/shared/constants";
import { normalizeEmail } from "@doorstep/shared/rules/email";
import { checkPassword } from "@doorstep/shared/rules/password";
import type { CreateAccountRequest, LoginRequest, ResetPasswordRequest } from "@doorstep/shared/schemas/auth";
import type { UpdatePasswordRequest } from "@doorstep/shared/schemas/user";
import type { AppContext, Caller, RequestMeta } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { isAllowedSignupEmail } from "../../lib/email-policy.ts";
import { hashToken, newReferralCode, newToken } from "../../lib/tokens.ts";
import { passwordResetEmail } from "../../providers/email/templates.ts";
import {
  createMasterUser,
  findUser,
  findUserIdWithReferrerCode,
  findUserWithEmail,
  getUser,
  setPasswordHash,
} from "../users/user.service.ts";
import {
  consumeOneTimeToken,
  consumeUserTokens,
  insertLoginAttempt,
  insertOneTimeToken,
  revokeUserSessions,
  findLastSeenOfUsers,
  findLoginAttempts,
  type OneTimeTokenPurpose,
} from "./auth.repository.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";
import { noticeLoginFailure, throttleLogin } from "./login-throttle.ts";
import { createSession, forgetCachedSessions } from "./session.service.ts";

const MINUTE = 60_000;

/** Throws WEAK_PASSWORD unless the password meets the policy (OPEN-14): the shared rule, then the full common list. */
export async function assertPasswordPolicy(password: string): Promise<void> {
  if (checkPassword(password) || (await isCommonPassword(password))) {
    throw new AppError("WEAK_PASSWORD");
  }
}

/** The checks every sign-up passes before anything is written (AUTH-27…29, AFF-02): the password's hash. */
export async function checkSignUp(
  ctx: AppContext,
  input: CreateAccountRequest,
  meta: RequestMeta,
): Promise<{ email: string; passwordHash: string }> {
  await ctx.rateLimiter.consume("sign-up", meta.ip, ctx.config.rateLimits.signUp);
  if (input.website) throw new AppError("BOT_DETECTED", { action: "sign-up" });
  const email = normalizeEmail(input.email);
  if (!isAllowedSignupEmail(email)) throw new AppError("INVALID_EMAIL");
  await assertPasswordPolicy(input.password);
  if (await findUserWithEmail(ctx, email)) throw new AppError("EMAIL_TAKEN");
  return { email, passwordHash: await hashPassword(input.password) };
}

/**
 * Creates a master account in trial and signs the user in (AUTH-27…32); an affiliate sign-up (AFF-02…04)
 * makes an affiliate user with no trial and no referrer. Returns the session token and a short-lived login
 * token for the welcome email's dashboard link. commands/sign-up runs it with the affiliate bookkeeping.
 */
export async function createSignedUpUser(
  ctx: AppContext,
  input: CreateAccountRequest,
  checked: { email: string; passwordHash: string },
  meta: RequestMeta,
  kind: "host" | "affiliate",
): Promise<{ userId: string; token: string; loginToken: string }> {
  const { email, passwordHash } = checked;
  const referredByUserId = input.referralId ? await findUserIdWithReferrerCode(ctx, input.referralId) : null;
  const now = ctx.now();
  let userId: string | undefined;
  for (let attempt = 0; !userId; attempt++) {
    try {
      userId = await createMasterUser(ctx, {
        email,
        passwordHash,
        firstName: input.firstName,
        referrerCode: newReferralCode(),
        referredByUserId: kind === "affiliate" ? null : referredByUserId,
        isAffiliate: kind === "affiliate",
        trialEndsAt: kind === "affiliate" ? null : new Date(now.getTime() + ctx.config.trialDays * 86_400_000),
        couponCode: input.coupon?.toUpperCase() || null,
        attribution: {
          referralId: input.referralId || null,
          utmSource: input.utmSource || null,
          utmMedium: input.utmMedium || null,
          utmCampaign: input.utmCampaign || null,
          utmTerm: input.utmTerm || null,
          utmContent: input.utmContent || null,
          landingPage: input.landingPage || null,
          sourceUrl: input.sourceUrl || null,
          sourceBrand: input.sourceBrand?.toLowerCase() || null,
          coupon: input.coupon || null,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two sign-ups raced for one email; or, far rarer, a referral code collided and we draw again.
      if (attempt >= 3 || (await findUserWithEmail(ctx, email))) {
        throw new AppError("EMAIL_TAKEN");
      }
    }
  }
  const token = await createSession(ctx, userId, meta);
  // Short-lived like every login_token (docs/architecture.md §5): the dashboard link in the welcome email works for
  // LOGIN_TOKEN_TTL_MINUTES, then leads to /login (decision 001 §5).
  const loginToken = await issueLoginToken(ctx, userId);
  return { userId, token, loginToken };
}

/** Checks email and password, records the attempt (AUTH-12, never the password), and starts a session. */
export async function login(
  ctx: AppContext,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<{ userId: string; token: string }> {
  const email = normalizeEmail(input.email);
  await ctx.rateLimiter.consume("login-ip", meta.ip, ctx.config.rateLimits.loginPerIp);
  await ctx.rateLimiter.consume("login", `${meta.ip}|${email}`, ctx.config.rateLimits.login);
  // OPEN-15: guessing one account's password from many addresses slows them all down, never the owner elsewhere.
  await throttleLogin(ctx, email, meta.ip);
  if (input.website) throw new AppError("BOT_DETECTED", { action: "login" });

  const user = await findUserWithEmail(ctx, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  const failure = !user ? "USER_NOT_FOUND" : !ok ? "WRONG_PASSWORD" : null;
  await insertLoginAttempt(ctx.db, {
    email,
    userId: user?.id ?? null,
    ip: meta.ip,
    country: ctx.geo.country(meta.ip),
    success: failure === null,
    failureCode: failure,
    attemptedAppVersion: meta.clientVersion,
    currentAppVersion: ctx.config.appVersion,
    appReloaded: meta.clientVersion !== null && meta.clientVersion !== ctx.config.appVersion,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    // The app's clock: the attack window (login-throttle.ts) is measured on it.
    createdAt: ctx.now(),
  });
  if (failure === "WRONG_PASSWORD") await noticeLoginFailure(ctx, user!);
  if (failure === "USER_NOT_FOUND") throw new AppError("USER_NOT_FOUND");
  if (failure === "WRONG_PASSWORD") throw new AppError("WRONG_PASSWORD");
  // A deleted account's sessions sign nobody in (IMPL-33): say so now rather than answer 200 and then 401.
  if ((await findUser(ctx, user!.id))?.account.deletedAt) throw new AppError("ACCOUNT_DELETED");
  return { userId: user!.id, token: await createSession(ctx, user!.id, meta) };
}

/** Issues a single-use token for a user; returns the raw token. */
export async function issueOneTimeToken(
  ctx: AppContext,
  userId: string,
  purpose: OneTimeTokenPurpose,
  ttlMinutes: number,
): Promise<string> {
  const token = newToken();
  await insertOneTimeToken(ctx.db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.now().getTime() + ttlMinutes * MINUTE),
  });
  return token;
}

/** A short-lived auto-login token (IMPL-21) for links the product sends. */
export function issueLoginToken(ctx: AppContext, userId: string): Promise<string> {
  return issueOneTimeToken(ctx, userId, "login", LOGIN_TOKEN_TTL_MINUTES);
}

/** Exchanges a single-use login_token for a session (AUTH-14, AUTH-15). */
export async function exchangeLoginToken(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<{ userId: string; token: string }> {
  await ctx.rateLimiter.consume("login-ip", meta.ip, ctx.config.rateLimits.loginPerIp);
  const userId = await consumeOneTimeToken(ctx.db, hashToken(token), "login", ctx.now());
  if (!userId) throw new AppError("TOKEN_EXPIRED");
  return { userId, token: await createSession(ctx, userId, meta) };
}

/** Emails a single-use 60-minute reset link; unknown emails answer USER_NOT_FOUND as the seeds require (AUTH-35, AUTH-36). */
export async function requestPasswordReset(ctx: AppContext, rawEmail: string, meta: RequestMeta): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await ctx.rateLimiter.consume("forgot-ip", meta.ip, ctx.config.rateLimits.resetPassword);
  await ctx.rateLimiter.consume("forgot", email, ctx.config.rateLimits.forgotPassword);
  const user = await findUserWithEmail(ctx, email);
  if (!user) throw new AppError("USER_NOT_FOUND");
  await consumeUserTokens(ctx.db, user.id, ["password-reset"], ctx.now());
  const token = await issueOneTimeToken(ctx, user.id, "password-reset", RESET_TOKEN_TTL_MINUTES);
  const url = `${ctx.config.publicUrl}/reset-password?otp_token=${encodeURIComponent(token)}&reset_email=${encodeURIComponent(email)}`;
  // The email is this request's only result, so a failing provider fails it: the visitor asks again, and the
  // newer link replaces this one (nothing else was changed).
  await ctx.email.send(passwordResetEmail(email, url, RESET_TOKEN_TTL_MINUTES));
}

/** Sets a new password from a reset link; the link must belong to that email, be unused and unexpired (AUTH-38). */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest, meta: RequestMeta): Promise<void> {
  await ctx.rateLimiter.consume("reset", meta.ip, ctx.config.rateLimits.resetPassword);
  await assertPasswordPolicy(input.password);
  const user = await findUserWithEmail(ctx, normalizeEmail(input.email));
  const now = ctx.now();
  const tokenUserId = await consumeOneTimeToken(ctx.db, hashToken(input.token), "password-reset", now);
  if (!user || tokenUserId !== user.id) throw new AppError("TOKEN_EXPIRED");
  await setPasswordHash(ctx, user.id, await hashPassword(input.password));
  await endEverySignIn(ctx, user.id, now);
}

/** Changes the password after checking the current one; every other session is signed out (AUTH-47). */
/**
 * A new password ends every session, the caller's too, and returns the token of a fresh one for the caller
 * (docs/architecture.md §5, decision 011): the old token is useless even to whoever copied it.
 */
export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  input: UpdatePasswordRequest,
  meta: RequestMeta,
): Promise<string> {
  // Each try costs an argon2 hash: bounded per user, so a stolen session can neither guess nor burn CPU.
  await ctx.rateLimiter.consume("password-change", caller.userId, ctx.config.rateLimits.passwordChange);
  const user = await getUser(ctx, caller.userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("CURRENT_PASSWORD_INCORRECT");
  }
  await assertPasswordPolicy(input.newPassword);
  await setPasswordHash(ctx, caller.userId, await hashPassword(input.newPassword));
  await endEverySignIn(ctx, caller.userId, ctx.now());
  return createSession(ctx, caller.userId, meta);
}

/**
 * After a new password: every session (but `keepSessionId`) ends, and every outstanding login and reset
 * link stops working, so an old welcome or reset email cannot sign anyone in (docs/architecture.md §5, OPEN-16).
 */
export async function endEverySignIn(ctx: AppContext, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  await revokeUserSessions(ctx.db, userId, at, keepSessionId);
  forgetCachedSessions(ctx);
  await consumeUserTokens(ctx.db, userId, ["login", "password-reset"], at);
}

/**
 * Checks the caller's own password before a grave step (handing over ownership, deleting the account):
 * rate-limited like a password change; CURRENT_PASSWORD_INCORRECT when it is wrong.
 */
export async function assertOwnPassword(ctx: AppContext, caller: Caller, password: string): Promise<void> {
  await ctx.rateLimiter.consume("password-change", caller.userId, ctx.config.rateLimits.passwordChange);
  const user = await getUser(ctx, caller.userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("CURRENT_PASSWORD_INCORRECT");
}

/** When each of these users last used the dashboard (the latest of their sessions' activity). */
export async function lastActiveOfUsers(ctx: AppContext, userIds: string[]): Promise<Map<string, Date>> {
  return new Map((await findLastSeenOfUsers(ctx.db, userIds)).map((r) => [r.userId, r.at]));
}

/** A new password's hash after the policy's checks (WEAK_PASSWORD), for a member joining a team. */
export async function hashNewPassword(password: string): Promise<string> {
  await assertPasswordPolicy(password);
  return hashPassword(password);
}

/** An email's newest sign-in attempts, successful or not (IMPL-22, `npm run admin -- logins`). */
export function recentLogins(ctx: Pick<AppContext, "db">, email: string, limit = 20) {
  return findLoginAttempts(ctx.db, normalizeEmail(email), limit);
}
