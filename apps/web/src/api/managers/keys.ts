/** Query keys of managers; the list and every profile sit under ["managers"]. */
export const managerKeys = {
  all: ["managers"] as const,
  list: () => ["managers", "list"] as const,
  detail: (vanityId: string) => ["managers", "detail", vanityId] as const,
};
