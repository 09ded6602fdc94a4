// Exceptions to the ownership rules (docs/architecture.md §3), each with its reason.

/**
 * Uses of another owner's table that predate the tables/owners rule. Each is to move behind its owner's
 * service (or, where a join must stay in SQL for speed, become an exception below with a decision record);
 * this list only shrinks.
 */
const predatingTableUses = [
  {
    file: "apps/server/src/features/affiliates/affiliate-commissions.repository.ts",
    tables: ["reward_payouts"],
    reason: "predates the rule: move behind features/referrals",
  },
  {
    file: "apps/server/src/features/affiliates/affiliate.repository.ts",
    tables: ["accounts", "billing_accounts", "reward_payouts"],
    reason: "predates the rule: move behind features/billing, features/referrals, features/users",
  },
  {
    file: "apps/server/src/features/content/content-links.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/content/content-outline.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/content/content.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/content/translation.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/local-area/local-area.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/managers/manager.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/messaging/message-notifications.repository.ts",
    tables: ["properties", "users"],
    reason: "predates the rule: move behind features/properties, features/users",
  },
  {
    file: "apps/server/src/features/messaging/messaging.repository.ts",
    tables: ["properties", "users"],
    reason: "predates the rule: move behind features/properties, features/users",
  },
  {
    file: "apps/server/src/features/properties/property-list.repository.ts",
    tables: ["accounts"],
    reason: "predates the rule: move behind features/users",
  },
  {
    file: "apps/server/src/features/properties/property.repository.ts",
    tables: ["accounts", "companies", "content_item_links", "content_items", "managers", "users"],
    reason: "predates the rule: move behind features/company, features/content, features/managers, features/users",
  },
  {
    file: "apps/server/src/features/property-copies/property-copy.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/shared-content/shared-content.repository.ts",
    tables: ["properties"],
    reason: "predates the rule: move behind features/properties",
  },
  {
    file: "apps/server/src/features/visits/analytics.repository.ts",
    tables: ["accounts"],
    reason: "predates the rule: move behind features/users",
  },
  {
    file: "apps/server/src/features/visits/engagement.repository.ts",
    tables: ["accounts"],
    reason: "predates the rule: move behind features/users",
  },
  {
    file: "apps/server/src/features/visits/visits.repository.ts",
    tables: ["accounts"],
    reason: "predates the rule: move behind features/users",
  },
];

/**
 * Joins across owners kept in SQL on purpose, each with its reason (docs/decisions/037-commands.md).
 */
const keptJoins = [
  {
    file: "apps/server/src/features/referrals/referral.repository.ts",
    tables: ["accounts", "billing_accounts", "properties", "users"],
    reason:
      "docs/decisions/037-commands.md: the referrals page (REF-05, REF-15) is one keyset-paged query over the referred accounts with their first property's title, trial end, subscription status and reward",
  },
  {
    file: "apps/server/src/features/billing/billing.repository.ts",
    tables: ["accounts", "users"],
    reason:
      "docs/decisions/037-commands.md: the trial-notice job pages every account in trial by keyset with the master user's address and an anti-join on billing's trial_notices, one query per page",
  },
];

export const tableExceptions = [...predatingTableUses, ...keptJoins];

/** Feature dependencies that close a cycle, left from before the features/acyclic rule; this list only shrinks. */
export const featureEdgeExceptions = [];

/** Services that re-export or export row types from before the features/service-exports rule; only shrinks. */
export const serviceExportExceptions = [
  "apps/server/src/features/content/catalogue.service.ts",
  "apps/server/src/features/content/content-links.service.ts",
  "apps/server/src/features/messaging/guest-messages.service.ts",
  "apps/server/src/features/properties/property-guide.service.ts",
  "apps/server/src/features/properties/property.service.ts",
];
