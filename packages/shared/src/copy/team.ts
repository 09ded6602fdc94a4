import { formatMinor } from "../rules/billing.ts";
import { scheduledMessagesCopy } from "./scheduled-messages.ts";

/**
 * Copy: teams — members, roles and properties, invitations, ownership (decisions 056, 057), the activity log
 * (decision 058), contacting support (PROP-20) and the account's own data (IMPL-33). Part of the one catalogue in
 * ../copy.ts. The issue names the pages, buttons and roles; the rest is ours.
 */
const roleName = (role: string | null) =>
  role === "admin" ? "Admin" : role === "editor" ? "Editor" : role === "viewer" ? "Viewer" : (role ?? "");

function teamChange(action: string | null, email: string | null, role: string | null): string {
  switch (action) {
    case "invited":
      return `Invited ${email ?? ""} as ${roleName(role)}`;
    case "joined":
      return `Joined the team as ${roleName(role)}`;
    case "role-changed":
      return `Changed the role of ${email ?? ""} to ${roleName(role)}`;
    case "removed":
      return `Removed ${email ?? ""} from the team`;
    case "revoked":
      return `Revoked the invitation to ${email ?? ""}`;
    default:
      return `Made ${email ?? ""} the owner`;
  }
}

/** A scheduled message rule's fields by the form's labels. */
const ruleFieldLabel = (field: string): string => {
  const f = scheduledMessagesCopy.scheduledMessages.fields;
  const labels: Record<string, string> = {
    name: f.name,
    trigger: f.send,
    days: f.days,
    atTime: f.at,
    propertyIds: f.properties,
    channel: f.channel,
    texts: f.message,
    active: f.active,
  };
  return labels[field] ?? field;
};

function ruleChange(action: string | null, title: string, fields: readonly string[]): string {
  const name = `the scheduled message “${title}”`;
  switch (action) {
    case "created":
      return `Added ${name}`;
    case "deleted":
      return `Deleted ${name}`;
    case "turned-on":
      return `Turned on ${name}`;
    case "turned-off":
      return `Turned off ${name}`;
    default:
      return `Changed ${name}${fields.length > 0 ? ` (${fields.map(ruleFieldLabel).join(", ")})` : ""}`;
  }
}

function orderChange(e: {
  action: string | null;
  title: string;
  guest: string | null;
  amount: number | null;
  currency: string | null;
}) {
  const order = `the order “${e.title}”${e.guest ? ` of ${e.guest}` : ""}`;
  switch (e.action) {
    case "approved":
      return `Approved ${order}`;
    case "declined":
      return `Declined ${order}`;
    case "refunded":
      return e.amount !== null && e.currency
        ? `Refunded ${formatMinor(e.amount, e.currency)} of ${order}`
        : `Refunded ${order}`;
    default:
      return `Changed ${order}`;
  }
}

export const teamCopy = {
  team: {
    title: "Team",
    intro: "Invite the people you work with. Each one signs in with their own email and password.",
    invite: "Invite member",
    inviteHeading: "Invite a member",
    emailLabel: "Email",
    roleLabel: "Role",
    roles: { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" },
    roleHints: {
      admin: "Everything but the subscription, referrals and the account itself.",
      editor: "Changes properties, content, local areas and stays, and answers guests. Cannot delete a property.",
      viewer: "Sees everything on their properties and changes nothing.",
    },
    propertiesLabel: "Properties",
    allProperties: "All properties",
    chosenProperties: "Chosen properties",
    adminSeesAll: "Admins see every property.",
    sendInvite: "Send invitation",
    sending: "Sending...",
    invited: (email: string) => `Invitation sent to ${email}.`,
    pendingHeading: "Pending invitations",
    noPending: "No pending invitations.",
    expires: (date: string) => `Expires ${date}`,
    resend: "Resend",
    resent: (email: string) => `Invitation sent again to ${email}.`,
    revoke: "Revoke",
    revoked: (email: string) => `The invitation to ${email} was revoked.`,
    membersHeading: "Members",
    columns: { name: "Name", role: "Role", properties: "Properties", lastActive: "Last active" },
    you: "(you)",
    neverActive: "Not yet",
    propertyCount: (n: number) => (n === 1 ? "1 property" : `${n} properties`),
    changeRole: "Change role",
    changeRoleHeading: (name: string) => `Change ${name}'s role`,
    save: "Save",
    cancel: "Cancel",
    roleChanged: (name: string) => `${name}'s role was changed. They were signed out and sign in again with it.`,
    remove: "Remove",
    removeHeading: (name: string) => `Remove ${name}?`,
    removeBody: "They are signed out at once and can no longer sign in to this account.",
    removed: (name: string) => `${name} was removed from the team.`,
    transfer: "Make owner",
    transferHeading: (name: string) => `Make ${name} the owner?`,
    transferBody:
      "They will manage the subscription, referrals and the team, and can delete the account. You become an admin. The subscription and its payments stay with the account.",
    passwordLabel: "Your password",
    transferConfirm: "Make owner",
    transferred: (name: string) => `${name} is now the owner.`,
  },
  join: {
    title: "Join your team on Doorstep",
    intro: (inviter: string) => `${inviter} invited you to their Doorstep account.`,
    firstNameLabel: "First name",
    lastNameLabel: "Last name",
    passwordLabel: "Password",
    submit: "Join",
    joining: "Joining...",
    invalid: "This invitation link has expired or was already used. Ask for a new invitation.",
  },
  activity: {
    title: "Activity",
    intro: "Who changed what, and when. Kept for 400 days.",
    propertyFilter: "Property",
    memberFilter: "Member",
    all: "All",
    empty: "Nothing has changed yet.",
    someone: "Someone no longer on the team",
    apiKey: "An API key",
    columns: { when: "When", who: "Who", what: "What" },
    showMore: "Show more",
    describe: (e: {
      kind: string;
      action: string | null;
      title: string | null;
      fields: readonly string[];
      email: string | null;
      role: string | null;
      guest: string | null;
      published: boolean | null;
      amount?: number | null;
      currency?: string | null;
    }): string => {
      const fields = e.fields.length > 0 ? ` (${e.fields.join(", ")})` : "";
      const verb =
        e.action === "created"
          ? "Added"
          : e.action === "deleted"
            ? "Deleted"
            : e.action === "cancelled"
              ? "Cancelled"
              : "Changed";
      switch (e.kind) {
        case "content-item":
          return `${verb} the item “${e.title ?? ""}”${fields}`;
        case "property-settings":
          return `Changed the property's settings${fields}`;
        case "publishing":
          return e.published ? "Published the guide" : "Unpublished the guide";
        case "passcode":
          return e.action === "set" ? "Set the guide's passcode" : "Removed the guide's passcode";
        case "stay":
          return `${verb} the stay of ${e.guest ?? ""}${fields}`;
        case "scheduled-message":
          return ruleChange(e.action, e.title ?? "", e.fields);
        case "store-order":
          return orderChange({ ...e, title: e.title ?? "", amount: e.amount ?? null, currency: e.currency ?? null });
        case "bulk-update":
          return "Changed properties in a bulk update";
        case "duplicate-property":
          return "Duplicated a guide";
        default:
          return teamChange(e.action, e.email, e.role);
      }
    },
  },
  support: {
    title: "Contact support",
    intro: "Write to us and we'll answer by email.",
    subjectLabel: "Subject",
    messageLabel: "Message",
    accountLabel: "Account",
    propertyLabel: "Property",
    noProperty: "No particular property",
    send: "Send",
    sending: "Sending...",
    sent: "Thanks — we'll answer by email.",
    contact: "Contact support",
  },
  accountData: {
    downloadHeading: "Your data",
    downloadIntro:
      "Download everything this account holds: its records as JSON and its uploaded files, in one archive. We email you a link when it is ready; the link works for 24 hours.",
    download: "Download my data",
    downloadStarted: "We are preparing your archive and will email you a link when it is ready.",
    deleteHeading: "Delete account",
    deleteIntro:
      "This cancels the subscription, takes every guide and stay link offline at once and signs everyone out. Everything is erased after 30 days.",
    passwordLabel: "Password",
    confirmLabel: "Type DELETE to confirm",
    delete: "Delete account",
    deleting: "Deleting...",
    wrongConfirmation: "Type DELETE to confirm.",
  },
  teamErrors: {
    roleNotAllowed: "Your role on this account does not allow this.",
    allPropertiesNotAllowed: "Choose your properties: you can't make this apply to all properties.",
    invitationInvalid: "This invitation link has expired or was already used. Ask for a new invitation.",
    emailHasAccount:
      "This email already has its own Doorstep account, so it cannot join another one. Invite a different email address.",
    invitationPending: "This email already has a pending invitation. Resend it instead.",
    memberIsOwner: "The owner's role cannot be changed, and the owner cannot be removed.",
    ownershipNeedsAdmin: "Only an admin can become the owner. Change their role to Admin first.",
  },
} as const;
