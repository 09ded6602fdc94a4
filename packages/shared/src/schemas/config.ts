import { z } from "zod";

/** Public, browser-safe configuration (IMPL-30, XCUT-47, XCUT-60): never a secret. */
export const PublicConfig = z.object({
  appVersion: z.string(),
  trialDays: z.number().int().positive(),
  publicUrl: z.string(),
  marketingUrl: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  placesProvider: z.enum(["gazetteer", "google"]),
  what3wordsConfigured: z.boolean(),
  mapTileUrl: z.string(),
  mapAttribution: z.string(),
  /** Billing: which card form the dashboard shows; the publishable key is browser-safe by design (docs/architecture.md §6). */
  payments: z.object({ gateway: z.enum(["local", "stripe"]), stripePublishableKey: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const HealthResponse = z.object({ status: z.literal("ok") });
export const ReadyResponse = z.object({ status: z.literal("ready"), database: z.literal("ok") });
