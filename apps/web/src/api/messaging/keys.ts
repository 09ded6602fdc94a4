/** Query keys of messaging: the live events (loaded with the shell) and the messaging pages share them. */
export const messagingKeys = {
  all: ["messaging"] as const,
  lists: () => ["messaging", "list"] as const,
  list: (propertyId: string | null) => ["messaging", "list", { propertyId }] as const,
  detail: (id: string) => ["messaging", "detail", id] as const,
};
