import path from "node:path";
import { z } from "zod";
import { CLIENT_VERSION, DEFAULT_TRIAL_DAYS } from "@doorstep/shared/constants";
import type { Currency } from "@doorstep/shared/rules/billing";
import { DEFAULT_MONTHLY_INSTALMENTS } from "@doorstep/shared/rules/referrals";
import { DEFAULT_USD_RATES } from "@doorstep/shared/rules/affiliates";
import { serverFile } from "./lib/server-files.ts";
import { PUSH_SERVICE_HOSTS } from "./providers/push/push-provider.ts";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  MARKETING_URL: z.string().url().default("https://www.doorstep.guide"),
  TERMS_URL: z.string().url().optional(),
  PRIVACY_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default("Doorstep <hello@doorstep.local>"),
  REDIS_URL: z.string().optional(),
  SECRET_KEY: z.string().min(16).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** A self-hosted Nominatim (OpenStreetMap, no key) for addresses and places when no Google key is set. */
  PLACES_URL: z.string().url().optional(),
  W3W_API_KEY: z.string().optional(),
  // SMS for scheduled messages (decision 050): all three, or SMS is never offered.
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Where the twilio package sends its requests (the tests' fake Twilio); Twilio's own by default. */
  TWILIO_API_URL: z.string().optional(),
  /** The partner's destinations file (viatorDestinations.json) for experience destinations (SETUP-22, OPEN-61). */
  VIATOR_DESTINATIONS_FILE: z.string().optional(),
  /** Machine translation of guide content (IMPL-10): off by default (English shown, marked untranslated). */
  TRANSLATE_PROVIDER: z.enum(["off", "deepl", "libretranslate"]).default("off"),
  TRANSLATE_URL: z.string().url().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_ATTRIBUTION: z.string().default("&copy; OpenStreetMap contributors"),
  TRIAL_DAYS: z.coerce.number().int().positive().default(DEFAULT_TRIAL_DAYS),
  APP_VERSION: z.string().default(CLIENT_VERSION),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_IP_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Benchmarks only: "off" lifts every limit; refused in production. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /**
   * "off": this instance answers requests and runs no jobs (another instance does). `npm run bench:check` uses
   * it to count a request's own work without the queue's (decision 049).
   */
  JOBS: z.enum(["on", "off"]).default("on"),
  WEB_DIST_DIR: z.string().optional(),
  // Billing: Stripe when the secret key is set, else the local simulated gateway.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** stripe-mock or another stand-in for api.stripe.com. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The guest store's application fee on each order, percent of the amount (decision 053). */
  STORE_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  SUPPORT_EMAIL: z.string().email().default("support@doorstep.local"),
  // Referrals (REF-19, OPEN-22/23): the reward per currency in major units, and a monthly reward's instalments.
  REFERRAL_REWARD_USD: z.coerce.number().min(0).max(10_000).default(20),
  REFERRAL_REWARD_GBP: z.coerce.number().min(0).max(10_000).default(20),
  REFERRAL_REWARD_EUR: z.coerce.number().min(0).max(10_000).default(20),
  REFERRAL_REWARD_AUD: z.coerce.number().min(0).max(10_000).default(20),
  REFERRAL_MONTHLY_INSTALMENTS: z.coerce.number().int().min(1).max(24).default(DEFAULT_MONTHLY_INSTALMENTS),
  // Decision 019: units of each currency per US dollar, for converting affiliate commissions.
  AFFILIATE_RATE_GBP: z.coerce.number().positive().max(1000).optional(),
  AFFILIATE_RATE_EUR: z.coerce.number().positive().max(1000).optional(),
  AFFILIATE_RATE_AUD: z.coerce.number().positive().max(1000).optional(),
  // Guest guide: its own host serves /:propertyId; a short in-process cache of public pages.
  GUIDE_HOST: z.string().optional(),
  GUIDE_RENDER_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Days raw visit and section records are kept; the daily counts the analytics read are kept for good. */
  VISIT_RETENTION_DAYS: z.coerce.number().int().min(31).max(3650).default(400),
  /** How often each property's calendar (iCal) feeds are polled for stays. */
  STAY_FEED_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Feed links on private, loopback or link-local addresses (a property-management system on the host's own
   * network): refused in production unless this is true, since the server fetches them itself.
   */
  ALLOW_PRIVATE_FEEDS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Days after check-out that a stay's guest contact details are kept; its dates and counts stay. */
  STAY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Set by `npm start` when PUBLIC_URL is not: the production build running on this machine, not a
   * deployment. PUBLIC_URL then defaults to localhost (with a warning) and the local payment gateway's
   * test cards are accepted while no Stripe key is set.
   */
  LOCAL_RUN: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment once; on a bad value it throws with every problem listed (fails loudly). */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.refine((env) => !(env.NODE_ENV === "production" && env.RATE_LIMITS === "off"), {
    path: ["RATE_LIMITS"],
    message: "rate limits cannot be turned off in production",
  })
    .refine((env) => !(env.NODE_ENV === "production" && !env.PUBLIC_URL && !env.LOCAL_RUN), {
      path: ["PUBLIC_URL"],
      message:
        "is required in production: emailed links use it and the session cookie is Secure when it is https (npm start on this machine sets LOCAL_RUN=true instead)",
    })
    .refine((env) => !(env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET), {
      path: ["STRIPE_WEBHOOK_SECRET"],
      message: "is required with STRIPE_SECRET_KEY (webhooks are verified by signature)",
    })
    .safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Configuration that works but should not reach users; server.ts logs each line as a warning at start. */
export function startupWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    warnings.push(
      `PUBLIC_URL is not set: emailed links point to http://localhost:${env.PORT} and the session cookie is not Secure. ` +
        "Fine on this machine; set PUBLIC_URL (https://…) for anything other people reach.",
    );
  }
  if (env.NODE_ENV === "production" && env.LOCAL_RUN && !env.STRIPE_SECRET_KEY) {
    warnings.push(
      "No STRIPE_SECRET_KEY: payments use the local gateway with Stripe's test cards; nothing is really charged.",
    );
  }
  return warnings;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Everything buildApp needs; tests build it directly with overrides. */
export interface AppConfig {
  env: Env["NODE_ENV"];
  /** `npm start` on this machine (LOCAL_RUN): production build, but not a deployment. */
  localRun: boolean;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  marketingUrl: string;
  termsUrl: string;
  privacyUrl: string;
  smtpUrl?: string;
  emailFrom: string;
  redisUrl?: string;
  /** Encrypts values at rest (passcodes); generated in DATA_DIR when unset. */
  secretKey?: string;
  /** Files in an S3-compatible bucket instead of DATA_DIR/files when S3_BUCKET is set. */
  s3?: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string };
  googleMapsApiKey?: string;
  /** A self-hosted Nominatim's base URL (PLACES_URL); Google wins when both are set. */
  placesUrl?: string;
  w3wApiKey?: string;
  /** Twilio for scheduled messages' SMS (decision 050); undefined without all of TWILIO_ACCOUNT_SID, _AUTH_TOKEN, _FROM. */
  twilio?: { accountSid: string; authToken: string; from: string; apiUrl?: string };
  viatorDestinationsFile?: string;
  translate: { provider: Env["TRANSLATE_PROVIDER"]; url?: string; apiKey?: string };
  mapTileUrl: string;
  mapAttribution: string;
  trialDays: number;
  appVersion: string;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  webDistDir: string;
  /** Billing. */
  payments: {
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripePublishableKey?: string;
    stripeApiUrl?: string;
    /** The guest store's application fee, percent (STORE_FEE_PERCENT, default 0). */
    storeFeePercent?: number;
  };
  /** Where subscription alerts and pause/cancel requests go (BILL-31, BILL-47). */
  supportEmail: string;
  /** Guest guide. */
  guide: GuideConfig;
  /**
   * Referral rewards (REF-19, OPEN-22/23): minor units per currency, and how many monthly instalments a
   * monthly subscriber's reward is paid in. Optional so tests that spell out a config need not name it.
   */
  referrals?: { rewardValues: Record<Currency, number>; monthlyInstalments: number };
  /** Stays (decision 040). Optional so tests that spell out a config need not name it. */
  stays?: { retentionDays: number };
  /** Affiliate commissions (decision 019): units of each currency per US dollar, as decimal strings. */
  affiliates?: { usdRates: Record<Currency, string> };
  /**
   * Calendar feeds of stays: the polling interval, and whether a feed link may reach a private address
   * (always outside production; in production only with ALLOW_PRIVATE_FEEDS). Optional like `referrals`.
   */
  stayFeeds?: { pollMinutes: number; allowPrivate: boolean };
  /** Web Push to guests: the push services' hosts the server may send to; http only in tests. */
  push: { hosts: readonly string[]; allowHttp: boolean };
  rateLimits: {
    login: RateLimitRule;
    loginPerIp: RateLimitRule;
    /**
     * Failed logins on one account, from any address, within the window that put it under attack: every address is
     * then slowed down and the owner is told once (features/auth/login-throttle.ts). Never a lockout.
     */
    loginAttack: RateLimitRule;
    /** Per user: PUT /api/me/password checks the current password (argon2) on every try. */
    passwordChange: RateLimitRule;
    /** Per user: PUT /api/me/email. */
    emailChange: RateLimitRule;
    signUp: RateLimitRule;
    forgotPassword: RateLimitRule;
    resetPassword: RateLimitRule;
    /**
     * Places and what3words lookups per account (IMPL-25): the services' keys are ours to spend. Optional so
     * tests that spell out their own rateLimits need not name it; the places routes then use PLACES_RATE_LIMIT.
     */
    places?: RateLimitRule;
    /** A guest's messages from one IP, and all guests' to one guide; optional like `places`. */
    guestMessagesPerIp?: RateLimitRule;
    guestMessagesPerGuide?: RateLimitRule;
    /** Requests per API key (decision 039); optional like `places`, API_KEY_RATE_LIMIT when unset. */
    apiKey?: RateLimitRule;
  };
}

export interface GuideConfig {
  /** Host name (no port) whose /:propertyId is the guide (docs/architecture.md §1, GUIDE-04). */
  host?: string;
  /** How long a public (no passcode) guide page is reused in process; 0 in tests. */
  renderCacheMs: number;
  /** Passcode attempts per IP and property (IMPL-03). */
  unlock: RateLimitRule;
  /** Unknown stay-link tokens from one address (a burst is someone guessing). */
  stayLinkMisses: RateLimitRule;
  /** Visit reports per IP (IMPL-05). */
  visits: RateLimitRule;
  /** Section analytics beacons per IP. */
  engagement: RateLimitRule;
  /** Days raw visit and section records are kept before the daily purge (the rollups stay). */
  visitRetentionDays: number;
}

const MINUTE = 60_000;

/** Typing an address asks once per pause; 120 a minute is far above a person and far below a script. */
export const PLACES_RATE_LIMIT: RateLimitRule = { max: 120, windowMs: MINUTE };

/** A property-management system syncing a busy calendar sends bursts; ten a second is ample and bounded. */
export const API_KEY_RATE_LIMIT: RateLimitRule = { max: 600, windowMs: MINUTE };

/** Derives the app configuration from a parsed environment. */
export function configFromEnv(env: Env): AppConfig {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const ipScale = env.RATE_LIMITS === "off" ? 1e6 : env.RATE_LIMIT_IP_MULTIPLIER;
  const scale = env.RATE_LIMITS === "off" ? 1e6 : 1;
  return {
    env: env.NODE_ENV,
    localRun: env.LOCAL_RUN,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    marketingUrl: env.MARKETING_URL,
    termsUrl: env.TERMS_URL ?? `${env.MARKETING_URL}/terms`,
    privacyUrl: env.PRIVACY_URL ?? `${env.MARKETING_URL}/privacy`,
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    redisUrl: env.REDIS_URL,
    secretKey: env.SECRET_KEY,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    placesUrl: env.PLACES_URL,
    w3wApiKey: env.W3W_API_KEY,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL,
          }
        : undefined,
    viatorDestinationsFile: env.VIATOR_DESTINATIONS_FILE,
    translate: { provider: env.TRANSLATE_PROVIDER, url: env.TRANSLATE_URL, apiKey: env.TRANSLATE_API_KEY },
    mapTileUrl: env.MAP_TILE_URL,
    mapAttribution: env.MAP_ATTRIBUTION,
    trialDays: env.TRIAL_DAYS,
    appVersion: env.APP_VERSION,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? serverFile("../../web/dist")),
    payments: {
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeApiUrl: env.STRIPE_API_URL,
      storeFeePercent: env.STORE_FEE_PERCENT,
    },
    supportEmail: env.SUPPORT_EMAIL,
    referrals: {
      rewardValues: {
        usd: Math.round(env.REFERRAL_REWARD_USD * 100),
        gbp: Math.round(env.REFERRAL_REWARD_GBP * 100),
        eur: Math.round(env.REFERRAL_REWARD_EUR * 100),
        aud: Math.round(env.REFERRAL_REWARD_AUD * 100),
      },
      monthlyInstalments: env.REFERRAL_MONTHLY_INSTALMENTS,
    },
    affiliates: {
      usdRates: {
        usd: "1",
        gbp: String(env.AFFILIATE_RATE_GBP ?? DEFAULT_USD_RATES.gbp),
        eur: String(env.AFFILIATE_RATE_EUR ?? DEFAULT_USD_RATES.eur),
        aud: String(env.AFFILIATE_RATE_AUD ?? DEFAULT_USD_RATES.aud),
      },
    },
    stayFeeds: {
      pollMinutes: env.STAY_FEED_POLL_MINUTES,
      allowPrivate: env.NODE_ENV !== "production" || env.ALLOW_PRIVATE_FEEDS,
    },
    push: { hosts: PUSH_SERVICE_HOSTS, allowHttp: false },
    stays: { retentionDays: env.STAY_RETENTION_DAYS },
    guide: {
      host: env.GUIDE_HOST?.toLowerCase(),
      renderCacheMs: env.GUIDE_RENDER_CACHE_MS ?? (env.NODE_ENV === "test" ? 0 : 300_000),
      unlock: { max: 10 * scale, windowMs: 15 * MINUTE },
      stayLinkMisses: { max: Math.round(20 * ipScale), windowMs: 15 * MINUTE },
      visits: { max: Math.round(120 * ipScale), windowMs: MINUTE },
      engagement: { max: Math.round(120 * ipScale), windowMs: MINUTE },
      visitRetentionDays: env.VISIT_RETENTION_DAYS,
    },
    rateLimits: {
      // Per IP + email: guessing one account's password (OPEN-15).
      login: { max: 10 * scale, windowMs: 15 * MINUTE },
      // Per IP: spraying many accounts from one address.
      loginPerIp: { max: Math.round(100 * ipScale), windowMs: 15 * MINUTE },
      // Per email from any address: guessing one account's password from many IPs (OPEN-15) slows every address
      // down from this many failures on, instead of locking the owner out with the guesser (decision 038).
      loginAttack: { max: 10 * scale, windowMs: 15 * MINUTE },
      passwordChange: { max: 10 * scale, windowMs: 15 * MINUTE },
      emailChange: { max: 10 * scale, windowMs: 15 * MINUTE },
      signUp: { max: Math.round(20 * ipScale), windowMs: 60 * MINUTE },
      forgotPassword: { max: 5 * scale, windowMs: 15 * MINUTE },
      resetPassword: { max: Math.round(20 * ipScale), windowMs: 15 * MINUTE },
      places: { max: PLACES_RATE_LIMIT.max * scale, windowMs: PLACES_RATE_LIMIT.windowMs },
      guestMessagesPerIp: { max: Math.round(10 * ipScale), windowMs: 10 * MINUTE },
      guestMessagesPerGuide: { max: 120 * scale, windowMs: 10 * MINUTE },
      apiKey: { max: API_KEY_RATE_LIMIT.max * scale, windowMs: API_KEY_RATE_LIMIT.windowMs },
    },
  };
}
