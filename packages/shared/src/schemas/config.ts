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
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const HealthResponse = z.object({ status: z.literal("ok") });
export const ReadyResponse = z.object({ status: z.literal("ready"), database: z.literal("ok") });
