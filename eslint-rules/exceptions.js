// Exceptions to the ownership rules (docs/architecture.md §3), each with its reason. No use that predates the
// rules is left: a new one goes through the owner's service, or becomes a kept join with a decision record.

/**
 * Joins across owners kept in one statement on purpose, for speed (decisions 036 and 037): the owner's
 * columns are read, never written.
 */
const keptJoins = [
  {
    file: "apps/server/src/features/properties/property-list.repository.ts",
    tables: ["accounts"],
    reason:
      "decision 036: GET /api/properties is one prepared statement with the account's flags and kept total (decision 027)",
  },
  {
    file: "apps/server/src/features/properties/property.repository.ts",
    tables: ["accounts", "companies", "managers"],
    reason:
      "decision 036: the guide's one-statement read carries the owner's flags and company brand, and the dashboard's property view the flags and manager (benchmarked hot reads)",
  },
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

export const tableExceptions = keptJoins;

/** Feature dependencies that close a cycle; none remain (commands hold the workflows that crossed). */
export const featureEdgeExceptions = [];

/** Services that re-export or export row types; none remain. */
export const serviceExportExceptions = [];
