import { z } from "zod";
import { text } from "./text.ts";
import { MEMBER_ROLES, ROLES } from "../rules/permissions.ts";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";

/** Decisions 056, 057: members, their roles and properties, invitations, ownership. */
const Weblink = text().min(1).max(60);
const Password = text()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);

/** "All properties" is null; chosen ones are weblinks (only for editors and viewers). */
const PropertyChoice = z.array(Weblink).min(1).max(5000).nullable();

export const InviteMemberRequest = z.object({
  email: text().trim().min(1).max(254),
  role: z.enum(MEMBER_ROLES),
  propertyIds: PropertyChoice,
});
export type InviteMemberRequest = z.infer<typeof InviteMemberRequest>;

export const UpdateMemberRequest = z.object({
  role: z.enum(MEMBER_ROLES),
  propertyIds: PropertyChoice,
});
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequest>;

export const TeamMember = z.object({
  id: text(),
  firstName: text(),
  lastName: text().nullable(),
  email: text(),
  role: z.enum(ROLES),
  /** Null: every property. */
  propertyIds: z.array(text()).nullable(),
  lastActiveAt: text().nullable(),
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamInvitation = z.object({
  id: text(),
  email: text(),
  role: z.enum(MEMBER_ROLES),
  propertyIds: z.array(text()).nullable(),
  sentAt: text(),
  expiresAt: text(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const TeamResponse = z.object({
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
});
export type TeamResponse = z.infer<typeof TeamResponse>;

export const InvitationResponse = z.object({ invitation: TeamInvitation });
export type InvitationResponse = z.infer<typeof InvitationResponse>;

export const TransferOwnershipRequest = z.object({ memberId: z.uuid(), password: Password });
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequest>;

/** The join page asks who invited the person before they choose a password. */
export const JoinCheckRequest = z.object({ token: text().min(1).max(200) });
export type JoinCheckRequest = z.infer<typeof JoinCheckRequest>;

export const JoinCheckResponse = z.object({ email: text(), inviterName: text() });
export type JoinCheckResponse = z.infer<typeof JoinCheckResponse>;

export const JoinRequest = z.object({
  token: text().min(1).max(200),
  firstName: text().trim().min(1).max(100),
  lastName: text().trim().min(1).max(100),
  password: Password,
});
export type JoinRequest = z.infer<typeof JoinRequest>;
