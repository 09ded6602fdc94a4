/**
 * Team roles and what each may do (issue: teams; decision 056). Every server route declares one permission in
 * its config (`config: { permission: "properties:write" }`); a central hook refuses a caller whose role lacks it
 * (403 ROLE_NOT_ALLOWED), and the dashboard hides what the signed-in person may not do from the same table.
 */
export const ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** The roles an invitation can give: the owner is the account's one master user. */
export const MEMBER_ROLES = ["admin", "editor", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = [
  /** Any signed-in person: their own profile and password, the dashboard's shell, contacting support. */
  "self",
  /** Read properties and everything on them: content, shared content, local areas, stays, conversations, analytics. */
  "properties:read",
  /** Change a property and everything on it (never delete it): content, local areas, stays, feeds, links. */
  "properties:write",
  /** Reply to guests and block a conversation. */
  "messages:reply",
  /** Create, duplicate, delete and bulk-update properties, import stays: input that may name any property. */
  "properties:manage",
  /** Account-wide settings: company branding, managers, stay-link settings. */
  "settings:write",
  /** Invite, change and remove members. */
  "team:manage",
  /** Read the account's activity log. */
  "activity:read",
  /** Make and revoke the account's API keys. */
  "api-keys:manage",
  /** Subscription, payment method, invoices, cancellation. */
  "billing:manage",
  /** The owner's referral rewards. */
  "referrals:manage",
  /** Hand over ownership, download the account's data, delete the account. */
  "account:own",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OWNER_ONLY: readonly Permission[] = ["billing:manage", "referrals:manage", "account:own"];
const EDITOR: readonly Permission[] = ["self", "properties:read", "properties:write", "messages:reply"];
const VIEWER: readonly Permission[] = ["self", "properties:read"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  editor: EDITOR,
  viewer: VIEWER,
};

/** Whether `role` may do what `permission` names. */
export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Only editors and viewers can be limited to chosen properties; admins and the owner see every property. */
export function roleTakesPropertyLimit(role: Role): boolean {
  return role === "editor" || role === "viewer";
}
