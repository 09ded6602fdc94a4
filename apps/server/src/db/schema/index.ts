// Drizzle needs every table in one object; this is the schema root, not a feature barrel.
export * from "./accounts.ts";
export * from "./auth.ts";
export * from "./email.ts";
export * from "./properties.ts";
export * from "./content.ts";
export * from "./billing.ts";
export * from "./visits.ts";
export * from "./audit.ts";
export * from "./messaging.ts";
export * from "./local-area.ts";
export * from "./referrals.ts";
export * from "./affiliates.ts";
