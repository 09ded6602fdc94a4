/** Query keys of referrals; one invalidation refreshes the page. */
export const referralKeys = {
  all: ["referrals"] as const,
  data: () => ["referrals", "data"] as const,
};
