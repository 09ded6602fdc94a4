import { normalizeEmail } from "@doorstep/shared/rules/email";
import type { UpdateProfileRequest } from "@doorstep/shared/schemas/profile";
import type { UpdateEmailRequest, UserDto } from "@doorstep/shared/schemas/user";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { newReferralCode } from "../../lib/tokens.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { isAllowedSignupEmail } from "../../lib/email-policy.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { deleteStoredFile, storeImage } from "../../lib/uploads.ts";
import { fileUrl } from "../../lib/urls.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { emailChangedEmail } from "../../providers/email/templates.ts";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ROLE_PERMISSIONS, type MemberRole, type Role } from "@doorstep/shared/rules/permissions";
import {
  accessOfUserSql,
  accountIdOfUserSql,
  findUserWithAccountByEmail,
  countReferredMasters,
  findAccountById,
  findEmailsOfUsers,
  findMasterUserOfAccount,
  updateAccount,
  findUserByEmail,
  findUserById,
  findUserByIdWith,
  type ExtrasOf,
  type UserDtoSource,
  findUserIdByReferrerCode,
  insertMasterUser,
  insertMemberUser,
  findUsersOfAccount,
  updateMemberAccess,
  deleteMemberUser,
  swapMaster,
  setAccountDeletedAt,
  findAccountsDeletedBefore,
  deleteAccountRow,
  findUsersMatching,
  updateUser,
} from "./user.repository.ts";

/** An account (the billing unit, docs/architecture.md §5) as other features see it. */
export interface Account {
  id: string;
  trialEndsAt: Date | null;
  subscriptionActiveUser: boolean;
  hasSubscription: boolean;
  cardOnFileFailed: boolean;
  defaultCurrency: string | null;
  couponCode: string | null;
  specialOffersEligible: boolean;
  unitPricing: boolean;
  forceAnnualSubscription: boolean;
  timeZone: string | null;
  analyticsRawSince: Date | null;
  /** When the owner deleted the account (IMPL-33); null while it lives. */
  deletedAt: Date | null;
  listedProperties: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A user as other features see it; the password hash stays for auth's checks. */
export interface User {
  id: string;
  accountId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string | null;
  tel: string | null;
  photoKey: string | null;
  isMaster: boolean;
  memberRole: MemberRole | null;
  propertyScope: string[] | null;
  isAffiliate: boolean;
  messagingActive: boolean;
  referrerCode: string;
  referredByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type UserWithAccount = User & { account: Account };

/** Where a sign-up came from (AUTH-30, IMPL-38); a field left out is unknown. */
export interface SignUpAttribution {
  referralId?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  landingPage?: string | null;
  sourceUrl?: string | null;
  sourceBrand?: string | null;
  coupon?: string | null;
}

/** A new account with its master user. */
export interface NewMasterUser {
  email: string;
  passwordHash: string;
  firstName: string;
  referrerCode: string;
  referredByUserId: string | null;
  /** AFF-04: an affiliate user (master of its own account, no trial). */
  isAffiliate?: boolean;
  trialEndsAt: Date | null;
  couponCode: string | null;
  attribution: SignUpAttribution;
}

/** The account flags billing sets (BILL-26, OPEN-33, the operator's CLI); users only stores them. */
export type AccountBillingFlags = Partial<
  Pick<
    Account,
    | "hasSubscription"
    | "cardOnFileFailed"
    | "defaultCurrency"
    | "trialEndsAt"
    | "specialOffersEligible"
    | "unitPricing"
    | "forceAnnualSubscription"
    | "couponCode"
    | "subscriptionActiveUser"
  >
>;

/** An account by id, or null. */
export function findAccount(ctx: Pick<AppContext, "db">, accountId: string): Promise<Account | null> {
  return findAccountById(ctx.db, accountId);
}

/** The account's master user (the billing contact), or null. */
export function findMasterUser(ctx: Pick<AppContext, "db">, accountId: string): Promise<User | null> {
  return findMasterUserOfAccount(ctx.db, accountId);
}

/** Stores account flags that billing (or the operator) decided. */
export async function setAccountBillingFlags(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  flags: AccountBillingFlags,
): Promise<void> {
  await updateAccount(ctx.db, accountId, flags);
}

/** Email addresses by user id, for lists that name who did something (users that are gone are missing). */
export async function emailsOfUsers(db: Db, ids: string[]): Promise<Map<string, string>> {
  const rows = await findEmailsOfUsers(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.email]));
}

/**
 * SQL for the account id of the user `userId` names (null when there is none), for a hot read that must stay
 * one query (a session's caller on every request) without naming this feature's table.
 */
export function userAccountIdSql(userId: SQLWrapper): SQL<string | null> {
  return accountIdOfUserSql(userId);
}

/** What the session's one read learns of its user (decision 056). */
export interface UserAccessJson {
  accountId: string;
  isMaster: boolean;
  memberRole: MemberRole | null;
  propertyScope: string[] | null;
  deleted: boolean;
}

/** A user's account, role and property limit as one SQL value, for the session's one read (decision 056). */
export function userAccessSql(userId: SQLWrapper): SQL<UserAccessJson | null> {
  return accessOfUserSql(userId);
}

/** The role of a user row: the master user owns the account; a member without a role (OPEN-31) is an admin. */
export function roleOfUser(user: { isMaster: boolean; memberRole: MemberRole | null }): Role {
  return user.isMaster ? "owner" : (user.memberRole ?? "admin");
}

/** Finds the account's shared-content property id; that feature sits above users, so callers pass it in. */
export type SharedContentLookup = (ctx: AppContext, accountId: string) => Promise<string | null>;

/** The user as the dashboard sees it: no hashes, tokens or admin flags (AUTH-20). */
export function toUserDto(user: UserDtoSource, sharedContentPropertyId: string | null = null): UserDto {
  const { account } = user;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    tel: user.tel,
    email: user.email,
    photoUrl: fileUrl(user.photoKey),
    isMaster: user.isMaster,
    role: roleOfUser(user),
    permissions: [...ROLE_PERMISSIONS[roleOfUser(user)]],
    propertyLimited: user.propertyScope !== null && !user.isMaster,
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

/** Gets a user with their account by id; 404 when gone. */
export async function getUser(ctx: AppContext, userId: string): Promise<UserWithAccount> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound("user");
  return user;
}

/** A user with their account by id, or null when gone. */
export function findUser(ctx: Pick<AppContext, "db">, userId: string): Promise<UserWithAccount | null> {
  return findUserById(ctx.db, userId);
}

/** REF-14: how many accounts the user's referral code brought (their master users). */
export function countReferredSignUps(ctx: Pick<AppContext, "db">, referrerUserId: string): Promise<number> {
  return countReferredMasters(ctx.db, referrerUserId);
}

/** Operator: a user with their account by email (trimmed, lower-cased), or null. */
export function findUserWithAccount(ctx: Pick<AppContext, "db">, email: string): Promise<UserWithAccount | null> {
  return findUserWithAccountByEmail(ctx.db, email.trim().toLowerCase());
}

/** Operator: makes a user the account's master or an affiliate, or neither. */
export async function setUserRoles(
  ctx: Pick<AppContext, "db">,
  userId: string,
  roles: { isMaster?: boolean; isAffiliate?: boolean },
): Promise<void> {
  await updateUser(ctx.db, userId, roles);
}

/** Finds a user by canonical (lower-case) email, or null. */
export function findUserWithEmail(ctx: AppContext, email: string): Promise<User | null> {
  return findUserByEmail(ctx.db, email);
}

/** Finds the id of the user who owns a referral code, or null. */
export function findUserIdWithReferrerCode(ctx: AppContext, code: string): Promise<string | null> {
  return findUserIdByReferrerCode(ctx.db, code);
}

/** Creates an account with its master user and sign-up attribution; unique violations propagate. */
export function createMasterUser(ctx: AppContext, input: NewMasterUser): Promise<string> {
  return insertMasterUser(ctx.db, input);
}

/** Stores a new password hash for a user; hashing and the policy belong to auth. */
export async function setPasswordHash(ctx: AppContext, userId: string, passwordHash: string): Promise<void> {
  await updateUser(ctx.db, userId, { passwordHash });
}

/** The user behind an id as a DTO; 404 when gone. */
export async function getUserDto(
  ctx: AppContext,
  userId: string,
  sharedContentPropertyIdOf: SharedContentLookup,
): Promise<UserDto> {
  const user = await getUser(ctx, userId);
  // SHARED-01/02, OPEN-59: the shared-content property once it exists.
  return toUserDto(user, await sharedContentPropertyIdOf(ctx, user.accountId));
}

/**
 * The user as the dashboard sees it with other features' scalar subqueries on their account, in one statement
 * (GET /api/me, decision 027); `name` names the prepared statement. 404 when gone.
 */
export async function getUserDtoWith<E extends Record<string, SQL>>(
  ctx: AppContext,
  userId: string,
  name: string,
  extrasOf: (accountId: SQLWrapper) => E,
  sharedContentPropertyIdOf: SharedContentLookup,
): Promise<{ user: UserDto; extras: ExtrasOf<E> }> {
  const found = await findUserByIdWith(ctx.db, userId, name, extrasOf);
  if (!found) throw notFound("user");
  return {
    user: toUserDto(found.user, await sharedContentPropertyIdOf(ctx, found.user.accountId)),
    extras: found.extras,
  };
}

/** Updates the caller's own name or phone (AUTH-42…44); the schema already refused every other field. */
export async function updateProfile(ctx: AppContext, caller: Caller, patch: UpdateProfileRequest): Promise<void> {
  await updateUser(ctx.db, caller.userId, patch);
}

/**
 * Changes the login email after format, blocklist and uniqueness checks and tells the old address (AUTH-46,
 * OPEN-34); false when it was already this one. The caller's session is then rotated (commands/change-email).
 */
export async function updateEmail(ctx: AppContext, caller: Caller, input: UpdateEmailRequest): Promise<boolean> {
  await ctx.rateLimiter.consume("email-change", caller.userId, ctx.config.rateLimits.emailChange);
  const email = normalizeEmail(input.email);
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound("user");
  if (email === user.email) return false;
  if (!isAllowedSignupEmail(email)) throw new AppError("INVALID_EMAIL");
  if (await findUserByEmail(ctx.db, email)) throw new AppError("EMAIL_TAKEN");
  try {
    await updateUser(ctx.db, caller.userId, { email });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN");
    throw error;
  }
  await sendAfterCommit(ctx, emailChangedEmail(user.email, email, `${ctx.config.publicUrl}/login`));
  return true;
}

/** Replaces the caller's photo with an image checked by content; the old file is deleted (AUTH-41, FILE rules). */
export async function updatePhoto(ctx: AppContext, caller: Caller, upload: ReceivedFile): Promise<void> {
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound("user");
  const key = await storeImage(ctx, `users/${user.id}`, "photo", upload);
  await updateUser(ctx.db, caller.userId, { photoKey: key });
  await deleteStoredFile(ctx, user.photoKey);
}

/** A new team member of an existing account (decision 057); EMAIL_TAKEN when the email has a user already. */
export async function createMemberUser(
  ctx: AppContext,
  input: {
    accountId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    memberRole: MemberRole;
    propertyScope: string[] | null;
  },
): Promise<string> {
  try {
    return await insertMemberUser(ctx.db, { ...input, referrerCode: newReferralCode() });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("EMAIL_TAKEN");
    throw error;
  }
}

/** Every user of the account (the team page), the owner first. */
export async function listAccountUsers(ctx: AppContext, accountId: string): Promise<User[]> {
  return findUsersOfAccount(ctx.db, accountId);
}

/** Sets a member's role and properties; 404 for the owner or another account's user. */
export async function setMemberAccess(
  ctx: AppContext,
  accountId: string,
  userId: string,
  access: { memberRole: MemberRole; propertyScope: string[] | null },
): Promise<void> {
  if (!(await updateMemberAccess(ctx.db, accountId, userId, access))) throw notFound("member");
}

/** Deletes a member of the account; 404 for the owner or another account's user. */
export async function deleteMember(ctx: AppContext, accountId: string, userId: string): Promise<void> {
  if (!(await deleteMemberUser(ctx.db, accountId, userId))) throw notFound("member");
}

/** Makes `toUserId` the account's master user and `fromUserId` an admin (decision 057). */
export async function handOverAccount(ctx: AppContext, accountId: string, fromUserId: string, toUserId: string) {
  if (!(await swapMaster(ctx.db, accountId, fromUserId, toUserId))) throw notFound("member");
}

/** Marks the account deleted at `at` (IMPL-33): its guides and stay links go offline with its liveness flag. */
export function markAccountDeleted(ctx: Pick<AppContext, "db">, accountId: string, at: Date): Promise<void> {
  return setAccountDeletedAt(ctx.db, accountId, at);
}

/** Undoes a deletion within its 30 days (`npm run admin -- restore-account`). */
export function restoreDeletedAccount(ctx: Pick<AppContext, "db">, accountId: string): Promise<void> {
  return setAccountDeletedAt(ctx.db, accountId, null);
}

/** Accounts deleted before `before`, at most `limit`. */
export function accountsDeletedBefore(ctx: Pick<AppContext, "db">, before: Date, limit = 100): Promise<string[]> {
  return findAccountsDeletedBefore(ctx.db, before, limit);
}

/** Erases an account's rows (its files are the caller's to delete first). */
export function eraseAccountRows(ctx: Pick<AppContext, "db">, accountId: string): Promise<void> {
  return deleteAccountRow(ctx.db, accountId);
}

/** Users by part of their email or name, for the operator (`npm run admin -- find`). */
export function searchUsers(ctx: Pick<AppContext, "db">, term: string, limit = 50) {
  return findUsersMatching(ctx.db, term, limit);
}
