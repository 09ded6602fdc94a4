/** Query keys of the analytics page; everything under ["analytics"] is re-fetched when the time zone changes. */
export const analyticsKeys = {
  all: ["analytics"] as const,
  options: () => ["analytics", "options"] as const,
  visits: (from: string, to: string, propertyId: string | null) =>
    ["analytics", "visits", from, to, propertyId ?? "all"] as const,
  sections: (from: string, to: string, propertyId: string | null) =>
    ["analytics", "sections", from, to, propertyId ?? "all"] as const,
};
