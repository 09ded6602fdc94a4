/**
 * Query keys of properties; everything sits under ["properties"], so one invalidation refreshes the lists, the
 * pages and the home screen's recent tiles. Managers and the company invalidate `all` too: properties show
 * manager cards and company branding.
 */
export const propertyKeys = {
  all: ["properties"] as const,
  lists: () => ["properties", "list"] as const,
  list: (search: string) => ["properties", "list", { search }] as const,
  recent: () => ["properties", "recent"] as const,
  detail: (propertyId: string) => ["properties", "detail", propertyId] as const,
};
