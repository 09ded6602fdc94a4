import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/** The billing unit (docs/architecture.md §5): one per master user; team members share it. */
export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  subscriptionActiveUser: boolean("subscription_active_user").notNull().default(true),
  hasSubscription: boolean("has_subscription").notNull().default(false),
  cardOnFileFailed: boolean("card_on_file_failed").notNull().default(false),
  defaultCurrency: text("default_currency"),
  couponCode: text("coupon_code"),
  specialOffersEligible: boolean("special_offers_eligible").notNull().default(false),
  unitPricing: boolean("unit_pricing").notNull().default(false),
  forceAnnualSubscription: boolean("force_annual_subscription").notNull().default(false),
  /** IANA zone whose calendar days the guide analytics count in; null (read as UTC) until the dashboard sets it. */
  timeZone: text("time_zone"),
  /**
   * Raw visit and section records before this instant have been purged (retention); the daily rollups of
   * earlier days are final, and a rebuild recounts only the days after it. Null: nothing purged yet.
   */
  analyticsRawSince: timestamp("analytics_raw_since", { withTimezone: true }),
  /**
   * How many properties the dashboard lists (not archived, not the shared-content one): the property list's
   * total, kept by a trigger on properties (migration 0020, decision 027) so the list never counts its rows.
   */
  listedProperties: integer("listed_properties").notNull().default(0),
  /**
   * When the owner deleted the account (IMPL-33): its guides and stay links are offline, everyone is signed out,
   * and the `account-erasure` job erases it 30 days later unless an operator restores it.
   */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name"),
    tel: text("tel"),
    photoKey: text("photo_key"),
    isMaster: boolean("is_master").notNull().default(true),
    /**
     * A team member's role (decision 056); null for the account's master user, who is its owner. A non-master
     * user from before teams (made by an operator, OPEN-31) has none and is read as an admin.
     */
    memberRole: text("member_role", { enum: ["admin", "editor", "viewer"] }),
    /** The property rows (properties.id) an editor or viewer is limited to; null: every property. */
    propertyScope: uuid("property_scope").array(),
    isAffiliate: boolean("is_affiliate").notNull().default(false),
    messagingActive: boolean("messaging_active").notNull().default(false),
    /** This user's own referral code (OPEN-21). */
    referrerCode: text("referrer_code").notNull(),
    /** The user whose referral code brought this one (AUTH-31). */
    referredByUserId: uuid("referred_by_user_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_referrer_code_unique").on(t.referrerCode),
    index("users_account_id_idx").on(t.accountId),
    // The referrals page counts and lists a referrer's sign-ups (REF-14).
    index("users_referred_by_idx").on(t.referredByUserId, t.createdAt),
  ],
);

/** Where a sign-up came from (AUTH-30, IMPL-38). */
export const signupAttributions = pgTable("signup_attributions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  referralId: text("referral_id"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  landingPage: text("landing_page"),
  sourceUrl: text("source_url"),
  sourceBrand: text("source_brand"),
  coupon: text("coupon"),
  createdAt: timestamps.createdAt,
});
