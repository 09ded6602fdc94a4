import { z } from "zod";
import { text } from "./text.ts";

/** Public, browser-safe configuration (IMPL-30, XCUT-47, XCUT-60): never a secret. */
export const PublicConfig = z.object({
  appVersion: text(),
  trialDays: z.number().int().positive(),
  publicUrl: text(),
  marketingUrl: text(),
  termsUrl: text(),
  privacyUrl: text(),
  placesProvider: z.enum(["gazetteer", "google", "osm"]),
  what3wordsConfigured: z.boolean(),
  /** A machine-translation provider is configured: blank translated fields are filled for guests. */
  machineTranslation: z.boolean(),
  mapTileUrl: text(),
  /** How often calendar feeds are read (STAY_FEED_POLL_MINUTES), as the feeds block tells hosts. */
  stayFeedPollMinutes: z.number().int().positive(),
  mapAttribution: text(),
  /** Billing: which card form the dashboard shows; the publishable key is browser-safe by design (docs/architecture.md §6). */
  payments: z.object({ gateway: z.enum(["local", "stripe"]), stripePublishableKey: text().nullable() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const HealthResponse = z.object({ status: z.literal("ok") });
/** Readiness: the database is up (else 503 UNAVAILABLE); Redis is reported, since the server serves without it. */
export const ReadyResponse = z.object({
  status: z.literal("ready"),
  database: z.literal("ok"),
  redis: z.enum(["ok", "down", "not-configured"]),
});
