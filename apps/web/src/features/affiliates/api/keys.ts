/** Query keys of affiliates; the caller's data under one root so a save refreshes all of it. */
export const affiliateKeys = {
  all: ["affiliate"] as const,
  profile: () => ["affiliate", "profile"] as const,
  stats: () => ["affiliate", "stats"] as const,
  assets: () => ["affiliate", "assets"] as const,
  partner: (label: string) => ["partner", label] as const,
};
