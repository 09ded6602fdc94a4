/** Query keys of billing; everything sits under ["billing"], so one invalidation refreshes the page. */
export const billingKeys = {
  all: ["billing"] as const,
  subscription: () => ["billing", "subscription"] as const,
  plans: (currency: string | undefined, coupon: string | undefined) =>
    ["billing", "plans", { currency, coupon }] as const,
  invoices: () => ["billing", "invoices"] as const,
};
