import { normalizeEmail } from "@doorstep/shared/rules/email";
import { roleTakesPropertyLimit, type MemberRole } from "@doorstep/shared/rules/permissions";
import type {
  InviteMemberRequest,
  JoinCheckResponse,
  JoinRequest,
  TeamInvitation,
  TeamResponse,
  UpdateMemberRequest,
} from "@doorstep/shared/schemas/team";
import type { AppContext, Caller, RequestMeta } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { teamInvitationEmail } from "../../providers/email/templates.ts";
import { assertOwnPassword, endEverySignIn, hashNewPassword, lastActiveOfUsers } from "../auth/auth.service.ts";
import { createSession, forgetCachedSessions } from "../auth/session.service.ts";
import { recordActivity } from "../audit/audit.service.ts";
import { getPropertyWeblinks, propertyRowOf } from "../properties/property.service.ts";
import {
  createMemberUser,
  deleteMember,
  findUser,
  findUserWithEmail,
  getUser,
  handOverAccount,
  listAccountUsers,
  setMemberAccess,
} from "../users/user.service.ts";
import {
  claimInvitation,
  findInvitationByHash,
  findOpenInvitation,
  findPendingInvitations,
  insertInvitation,
  updateInvitation,
  type InvitationRow,
} from "./team.repository.ts";

/** An invitation's link works for 7 days, once (decision 057). */
export const INVITATION_TTL_DAYS = 7;
const DAY = 86_400_000;

/** Weblinks → property rows of the account (404 for any other); admins always get every property. */
async function scopeOf(
  ctx: AppContext,
  accountId: string,
  role: MemberRole,
  propertyIds: string[] | null,
): Promise<string[] | null> {
  if (!roleTakesPropertyLimit(role) || propertyIds === null) return null;
  const rows: string[] = [];
  for (const weblink of new Set(propertyIds)) {
    const row = await propertyRowOf(ctx, accountId, weblink);
    if (!row || row.isShared) throw notFound("property");
    rows.push(row.id);
  }
  return rows;
}

const weblinksOf = async (ctx: AppContext, scope: string[] | null) =>
  scope === null ? null : getPropertyWeblinks(ctx, scope);

async function toInvitationDto(ctx: AppContext, row: InvitationRow): Promise<TeamInvitation> {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    propertyIds: await weblinksOf(ctx, row.propertyScope),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The team page: every member with role, properties and last activity, and the pending invitations. */
export async function getTeam(ctx: AppContext, caller: Caller): Promise<TeamResponse> {
  const users = await listAccountUsers(ctx, caller.accountId);
  const lastActive = await lastActiveOfUsers(
    ctx,
    users.map((u) => u.id),
  );
  const members = await Promise.all(
    users.map(async (u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      role: u.isMaster ? ("owner" as const) : (u.memberRole ?? ("admin" as const)),
      propertyIds: u.isMaster ? null : await weblinksOf(ctx, u.propertyScope),
      lastActiveAt: lastActive.get(u.id)?.toISOString() ?? null,
      isYou: u.id === caller.userId,
    })),
  );
  const pending = await findPendingInvitations(ctx.db, caller.accountId, ctx.now());
  return { members, invitations: await Promise.all(pending.map((row) => toInvitationDto(ctx, row))) };
}

async function sendInvitation(ctx: AppContext, caller: Caller, row: InvitationRow, token: string): Promise<void> {
  const inviter = await getUser(ctx, caller.userId);
  const url = `${ctx.config.publicUrl}/join?token=${encodeURIComponent(token)}`;
  await ctx.email.send(teamInvitationEmail(row.email, inviter.firstName, url, INVITATION_TTL_DAYS));
}

/**
 * Invites an email to the team (decision 057). An email that already has a Doorstep user (its own account, or
 * this one's) is refused plainly: one email, one account. A second open invitation to the same email is refused too.
 */
export async function inviteMember(
  ctx: AppContext,
  caller: Caller,
  input: InviteMemberRequest,
): Promise<TeamInvitation> {
  const email = normalizeEmail(input.email);
  if (await findUserWithEmail(ctx, email)) throw new AppError("INVITATION_EMAIL_HAS_ACCOUNT");
  const now = ctx.now();
  const pending = await findPendingInvitations(ctx.db, caller.accountId, now);
  if (pending.some((p) => p.email === email)) throw new AppError("INVITATION_PENDING");
  const propertyScope = await scopeOf(ctx, caller.accountId, input.role, input.propertyIds);
  const token = newToken();
  const row = await insertInvitation(ctx.db, {
    accountId: caller.accountId,
    email,
    role: input.role,
    propertyScope,
    tokenHash: hashToken(token),
    invitedByUserId: caller.userId,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
    sentAt: now,
  });
  await sendInvitation(ctx, caller, row, token);
  await recordActivity(ctx, caller, { kind: "team", details: { action: "invited", email, role: input.role } });
  return toInvitationDto(ctx, row);
}

/** Sends an open invitation again with a new link, valid 7 days from now; the old link stops working. */
export async function resendInvitation(ctx: AppContext, caller: Caller, id: string): Promise<TeamInvitation> {
  const row = await findOpenInvitation(ctx.db, caller.accountId, id);
  if (!row) throw notFound("invitation");
  const token = newToken();
  const now = ctx.now();
  const patch = {
    tokenHash: hashToken(token),
    sentAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY),
  };
  await updateInvitation(ctx.db, id, patch);
  const updated = { ...row, ...patch };
  await sendInvitation(ctx, caller, updated, token);
  return toInvitationDto(ctx, updated);
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeInvitation(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const row = await findOpenInvitation(ctx.db, caller.accountId, id);
  if (!row) throw notFound("invitation");
  await updateInvitation(ctx.db, id, { revokedAt: ctx.now() });
  await recordActivity(ctx, caller, { kind: "team", details: { action: "revoked", email: row.email } });
}

/** An invitation a link may still use: open, unexpired (INVITATION_INVALID otherwise, whatever the reason). */
async function usableInvitation(ctx: AppContext, token: string): Promise<InvitationRow> {
  const row = await findInvitationByHash(ctx.db, hashToken(token));
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= ctx.now()) throw new AppError("INVITATION_INVALID");
  return row;
}

/** What the join page shows before the person chooses a password. */
export async function checkInvitation(ctx: AppContext, token: string): Promise<JoinCheckResponse> {
  const row = await usableInvitation(ctx, token);
  const inviter = row.invitedByUserId ? await findUser(ctx, row.invitedByUserId) : null;
  return { email: row.email, inviterName: inviter?.firstName ?? "Your team" };
}

/** Accepts an invitation: makes the member with its role and properties and signs them in (the session's token). */
export async function joinTeam(
  ctx: AppContext,
  input: JoinRequest,
  meta: RequestMeta,
): Promise<{ userId: string; token: string }> {
  await ctx.rateLimiter.consume("sign-up", meta.ip, ctx.config.rateLimits.signUp);
  const row = await usableInvitation(ctx, input.token);
  const passwordHash = await hashNewPassword(input.password);
  if (await findUserWithEmail(ctx, row.email)) throw new AppError("INVITATION_EMAIL_HAS_ACCOUNT");
  if (!(await claimInvitation(ctx.db, row.id, ctx.now()))) throw new AppError("INVITATION_INVALID");
  const userId = await createMemberUser(ctx, {
    accountId: row.accountId,
    email: row.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    memberRole: row.role,
    propertyScope: row.propertyScope,
  });
  await recordActivity(
    ctx,
    { accountId: row.accountId, userId },
    { kind: "team", details: { action: "joined", email: row.email, role: row.role } },
  );
  return { userId, token: await createSession(ctx, userId, meta) };
}

/** Changes a member's role and properties; their sessions end at once, so the next request signs in anew. */
export async function updateMember(
  ctx: AppContext,
  caller: Caller,
  memberId: string,
  input: UpdateMemberRequest,
): Promise<void> {
  const member = await memberOf(ctx, caller, memberId);
  const propertyScope = await scopeOf(ctx, caller.accountId, input.role, input.propertyIds);
  await setMemberAccess(ctx, caller.accountId, memberId, { memberRole: input.role, propertyScope });
  await endEverySignIn(ctx, memberId, ctx.now());
  await recordActivity(ctx, caller, {
    kind: "team",
    details: { action: "role-changed", email: member.email, role: input.role },
  });
}

/** Removes a member: deleted with their sessions, signed out at once. */
export async function removeMember(ctx: AppContext, caller: Caller, memberId: string): Promise<void> {
  const member = await memberOf(ctx, caller, memberId);
  await endEverySignIn(ctx, memberId, ctx.now());
  await deleteMember(ctx, caller.accountId, memberId);
  await recordActivity(ctx, caller, { kind: "team", details: { action: "removed", email: member.email } });
}

/** A user of the caller's account other than its owner (MEMBER_IS_OWNER) and other than nobody (404). */
async function memberOf(ctx: AppContext, caller: Caller, memberId: string) {
  const member = await findUser(ctx, memberId);
  if (!member || member.accountId !== caller.accountId) throw notFound("member");
  if (member.isMaster) throw new AppError("MEMBER_IS_OWNER");
  return member;
}

/**
 * Hands the account to one of its admins after the owner's password (decision 057): billing stays with the
 * account; the old owner becomes an admin. Both keep their sessions, whose role is read again within seconds.
 */
export async function transferOwnership(
  ctx: AppContext,
  caller: Caller,
  input: { memberId: string; password: string },
): Promise<void> {
  await assertOwnPassword(ctx, caller, input.password);
  const member = await memberOf(ctx, caller, input.memberId);
  if ((member.memberRole ?? "admin") !== "admin" || member.propertyScope !== null) {
    throw new AppError("OWNERSHIP_NEEDS_ADMIN");
  }
  await handOverAccount(ctx, caller.accountId, caller.userId, member.id);
  // Roles are read with the session: both users' sessions are read again at their next request.
  forgetCachedSessions(ctx);
  await recordActivity(ctx, caller, {
    kind: "team",
    details: { action: "ownership-transferred", email: member.email },
  });
}
