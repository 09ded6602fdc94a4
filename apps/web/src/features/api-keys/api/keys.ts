/** Query keys of API keys; one invalidation refreshes the page. */
export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => ["api-keys", "list"] as const,
};
