import { normalizeEmail } from "@doorstep/shared/rules/email";
import type {
  UpdateEmailRequest,
  UpdatePasswordRequest,
  UpdateProfileRequest,
  UserDto,
} from "@doorstep/shared/schemas/user";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isAllowedSignupEmail } from "../../lib/email-policy.ts";
import { deleteStoredFile, storeImage } from "../../lib/uploads.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { emailChangedEmail } from "../../providers/email/templates.ts";
import { assertPasswordPolicy, endEverySignIn } from "../auth/auth.service.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { findUserByEmail, findUserById, updateUser, type UserWithAccount } from "./user.repository.ts";
import { getSharedContentPropertyId } from "../shared-content/shared-content.service.ts";

/** The public URL path of a stored file. */
export const fileUrl = (key: string | null) => (key ? `/files/${key}` : null);

/** The user as the dashboard sees it: no hashes, tokens or admin flags (AUTH-20). */
export function toUserDto(user: UserWithAccount, sharedContentPropertyId: string | null = null): UserDto {
  const { account } = user;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    tel: user.tel,
    email: user.email,
    photoUrl: fileUrl(user.photoKey),
    isMaster: user.isMaster,
    isAffiliate: user.isAffiliate,
    messagingActive: user.messagingActive,
    sharedContentPropertyId,
    referrerCode: user.referrerCode,
    account: {
      trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
      hasSubscription: account.hasSubscription,
      paymentFailed: account.cardOnFileFailed,
    },
  };
}

/** The user behind an id as a DTO; 404 when gone. */
export async function getUserDto(ctx: AppContext, userId: string): Promise<UserDto> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound("User not found");
  // SHARED-01/02, OPEN-59: the shared-content property once it exists.
  return toUserDto(user, await getSharedContentPropertyId(ctx, user.accountId));
}

/** Updates the caller's own name or phone (AUTH-42…44); the schema already refused every other field. */
export async function updateProfile(ctx: AppContext, caller: Caller, patch: UpdateProfileRequest): Promise<void> {
  await updateUser(ctx.db, caller.userId, patch);
}

/** Changes the login email after format, blocklist and uniqueness checks; tells the old address (AUTH-46, OPEN-34). */
export async function updateEmail(ctx: AppContext, caller: Caller, input: UpdateEmailRequest): Promise<void> {
  await ctx.rateLimiter.consume("email-change", caller.userId, ctx.config.rateLimits.emailChange);
  const email = normalizeEmail(input.email);
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound("User not found");
  if (email === user.email) return;
  if (!isAllowedSignupEmail(email)) throw new AppError("INVALID_EMAIL", "Please enter a valid email address.");
  if (await findUserByEmail(ctx.db, email)) throw new AppError("EMAIL_TAKEN", "This email address is already in use.");
  try {
    await updateUser(ctx.db, caller.userId, { email });
  } catch (error) {
    if (
      (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
      (error as { cause?: { code?: string } }).cause?.code === "23505"
    ) {
      throw new AppError("EMAIL_TAKEN", "This email address is already in use.");
    }
    throw error;
  }
  await sendAfterCommit(ctx, emailChangedEmail(user.email, email, `${ctx.config.publicUrl}/login`));
}

/** Changes the password after checking the current one; every other session is signed out (AUTH-47). */
export async function updatePassword(ctx: AppContext, caller: Caller, input: UpdatePasswordRequest): Promise<void> {
  // Each try costs an argon2 hash: bounded per user, so a stolen session can neither guess nor burn CPU.
  await ctx.rateLimiter.consume("password-change", caller.userId, ctx.config.rateLimits.passwordChange);
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound("User not found");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError("CURRENT_PASSWORD_INCORRECT", "The current password is not correct.");
  }
  await assertPasswordPolicy(input.newPassword);
  await updateUser(ctx.db, caller.userId, { passwordHash: await hashPassword(input.newPassword) });
  await endEverySignIn(ctx, caller.userId, ctx.now(), caller.sessionId);
}

/** Replaces the caller's photo with an image checked by content; the old file is deleted (AUTH-41, FILE rules). */
export async function updatePhoto(ctx: AppContext, caller: Caller, upload: Buffer): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound("User not found");
  const key = await storeImage(ctx, `users/${user.id}`, "photo", upload);
  await updateUser(ctx.db, caller.userId, { photoKey: key });
  await deleteStoredFile(ctx, user.photoKey);
}
