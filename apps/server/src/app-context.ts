import type { Role } from "@doorstep/shared/rules/permissions";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/client.ts";
import type { AppConfig } from "./env.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { DestinationIndex } from "./features/properties/destinations.ts";
import type { RateLimiter } from "./lib/rate-limiter.ts";
import type { SecretBox } from "./lib/secret-box.ts";
import type { Broadcast } from "./providers/broadcast/broadcast.ts";
import type { EmailProvider } from "./providers/email/email-provider.ts";
import type { GeoLookup } from "./providers/geo/geo-lookup.ts";
import type { PaymentGateway } from "./providers/payments/payment-gateway.ts";
import type { StorePaymentGateway } from "./providers/payments/store-gateway.ts";
import type { PlacesProvider } from "./providers/places/places-provider.ts";
import type { StorageProvider } from "./providers/storage/file-storage.ts";
import type { TranslationProvider } from "./providers/translate/translation-provider.ts";
import type { What3wordsProvider } from "./providers/w3w/what3words-provider.ts";
import type { PushProvider } from "./providers/push/push-provider.ts";
import type { DbMaintenance } from "./db/maintenance.ts";

/** What services need from the outside world; built once in buildApp, replaced piecemeal in tests. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  email: EmailProvider;
  storage: StorageProvider;
  /** Machine translation of guide content (content issue, IMPL-10). */
  translator: TranslationProvider;
  geo: GeoLookup;
  places: PlacesProvider;
  what3words: What3wordsProvider;
  destinations: DestinationIndex;
  payments: PaymentGateway;
  /** The guest store's payments (decision 053): the local simulation or Stripe Connect. */
  storePayments: StorePaymentGateway;
  rateLimiter: RateLimiter;
  secrets: SecretBox;
  push: PushProvider;
  /** Messages to every instance (cache purges): Redis pub/sub when REDIS_URL is set. */
  broadcast: Broadcast;
  /** The durable job queue (decision 034): per-record jobs at a time, moved or cancelled by key, run once. */
  jobs: JobQueue;
  /** The embedded database's upkeep (decision 048): ANALYZE and VACUUM on PGlite, nothing on PostgreSQL. */
  maintenance: DbMaintenance;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Who is calling, from the session (never from ids the client sends). */
export interface Caller {
  userId: string;
  accountId: string;
  sessionId: string;
  /** The user's role on the account (decision 056); a caller built without one (jobs, tests) is the owner. */
  role?: Role;
  /**
   * The property rows (properties.id) an editor or viewer is limited to; null or absent: every property.
   * Repositories narrow by it through the account scope (`ownedBy`); the permission hook 404s other ids.
   */
  propertyScope?: readonly string[] | null;
}

/** A property-management system calling with an API key (decision 039): an account, and no user. */
export interface ApiKeyCaller {
  accountId: string;
  apiKeyId: string;
}

/**
 * Who calls a route open to API keys: a signed-in user or a key, both scoped to one account. Services of such
 * routes scope by `accountId` and record `userId` or `apiKeyId` as the author.
 */
export type AccountCaller =
  | { kind: "user"; accountId: string; userId: string; apiKeyId: null }
  | { kind: "api-key"; accountId: string; userId: null; apiKeyId: string };

/** Facts about the request that services record (login attempts, sessions). */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  clientVersion: string | null;
}
