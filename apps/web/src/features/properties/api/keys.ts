/** Query keys of properties; everything sits under ["properties"], so one invalidation refreshes lists and pages. */
export const propertyKeys = {
  all: ["properties"] as const,
  lists: () => ["properties", "list"] as const,
  list: (search: string) => ["properties", "list", { search }] as const,
  detail: (propertyId: string) => ["properties", "detail", propertyId] as const,
};
