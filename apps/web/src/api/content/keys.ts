/** Query keys of guide content; everything sits under ["content"], so one invalidation refreshes every list. */
export const contentKeys = {
  all: ["content"] as const,
  overview: (propertyId: string) => ["content", "overview", propertyId] as const,
  category: (propertyId: string, categoryLabel: string) => ["content", "category", propertyId, categoryLabel] as const,
  item: (propertyId: string, itemId: string) => ["content", "item", propertyId, itemId] as const,
};

const enc = encodeURIComponent;

/** The API paths of one property's (or the shared-content property's) content. */
export const contentPaths = {
  overview: (propertyId: string) => `/api/properties/${enc(propertyId)}/content`,
  category: (propertyId: string, categoryLabel: string) =>
    `/api/properties/${enc(propertyId)}/content/categories/${enc(categoryLabel)}`,
  items: (propertyId: string) => `/api/properties/${enc(propertyId)}/content/items`,
  item: (propertyId: string, itemId: string) => `/api/properties/${enc(propertyId)}/content/items/${enc(itemId)}`,
  order: (propertyId: string) => `/api/properties/${enc(propertyId)}/content/order`,
  shared: (propertyId: string, itemId: string) => `/api/properties/${enc(propertyId)}/content/shared/${enc(itemId)}`,
};
