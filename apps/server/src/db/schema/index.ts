// Drizzle needs every table in one object; this is the schema root, not a feature barrel. Each file holds the
// tables of the one feature (or provider) it is named after, which alone queries them (the tables/owners lint
// rule, docs/architecture.md §3).
export * from "./users.ts";
export * from "./auth.ts";
export * from "./email.ts";
export * from "./managers.ts";
export * from "./company.ts";
export * from "./properties.ts";
export * from "./property-copies.ts";
export * from "./content.ts";
export * from "./billing.ts";
export * from "./local-gateway.ts";
export * from "./visits.ts";
export * from "./audit.ts";
export * from "./messaging.ts";
export * from "./local-area.ts";
export * from "./referrals.ts";
export * from "./affiliates.ts";
export * from "./system.ts";
export * from "./api-keys.ts";
export * from "./stays.ts";
export * from "./stay-feeds.ts";
export * from "./store.ts";
export * from "./scheduled-messages.ts";
export * from "./team.ts";
