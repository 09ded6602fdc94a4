/**
 * Query keys of stays; everything sits under ["stays"], so one invalidation after a save or a cancel refreshes
 * the lists, the stay's page, the property calendars and the home tile's count (["stays", "summary"], which
 * the home writes out itself: importing this module from the first view cost it a chunk of its own).
 */
export const stayKeys = {
  all: ["stays"] as const,
  lists: () => ["stays", "list"] as const,
  list: (filter: { tab: string; propertyId: string | null; q: string }) => ["stays", "list", filter] as const,
  detail: (stayId: string) => ["stays", "detail", stayId] as const,
  calendar: (propertyId: string, from: string, to: string) => ["stays", "calendar", propertyId, from, to] as const,
};
