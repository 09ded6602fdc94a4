/** Query keys of the guest store; the orders' key is also invalidated by the live events ("new-order"). */
export const storeKeys = {
  all: ["store"] as const,
  store: () => ["store", "settings-offers"] as const,
  offer: (id: string) => ["store", "offer", id] as const,
};
export const orderKeys = {
  all: ["orders"] as const,
  list: () => ["orders", "list"] as const,
  revenue: () => ["orders", "revenue"] as const,
};
