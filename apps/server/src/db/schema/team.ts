import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Invitations to join an account's team (decision 057): the emailed link's token is stored as its SHA-256,
 * valid 7 days and once. Accepting makes a user of the account with the invitation's role and properties.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "editor", "viewer"] }).notNull(),
    /** The property rows the member will be limited to; null: every property. */
    propertyScope: uuid("property_scope").array(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: tz("expires_at").notNull(),
    sentAt: tz("sent_at").notNull(),
    acceptedAt: tz("accepted_at"),
    revokedAt: tz("revoked_at"),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("team_invitations_account_idx").on(t.accountId, t.createdAt)],
);
