import type { Permission } from "@doorstep/shared/rules/permissions";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import http from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { IMAGE_MAX_BYTES } from "@doorstep/shared/constants";
import type { AppContext } from "./app-context.ts";
import type { Database } from "./db/client.ts";
import type { AppConfig } from "./env.ts";
import { registerAuthRoutes } from "./features/auth/auth.routes.ts";
import { registerCompanyRoutes } from "./features/company/company.routes.ts";
import { registerFileRoutes } from "./features/files/file.routes.ts";
import { registerManagerRoutes } from "./features/managers/manager.routes.ts";
import { registerPlacesRoutes } from "./features/places/places.routes.ts";
import { createDestinationIndex } from "./features/properties/destinations.ts";
import { registerPropertyRoutes } from "./features/properties/property.routes.ts";
import { registerSystemRoutes } from "./features/system/system.routes.ts";
import { registerUserRoutes } from "./features/users/user.routes.ts";
// Content: catalogue, items, shared content, translation provider.
import { seedCatalogue } from "./features/content/catalogue.seed.ts";
import { registerContentRoutes } from "./features/content/content.routes.ts";
import { registerSharedContentRoutes } from "./features/shared-content/shared-content.routes.ts";
import { registerLocalAreaRoutes } from "./features/local-area/local-area.routes.ts";
import { registerStayRoutes } from "./features/stays/stays.routes.ts";
import { registerStayLinkRoutes } from "./features/stays/stay-links.routes.ts";
import { registerStayFeedRoutes } from "./features/stay-feeds/stay-feeds.routes.ts";
import { registerStoreRoutes } from "./features/store/store.routes.ts";
import { settleOrdersOfChangedStays } from "./features/store/store-jobs.service.ts";
import {
  registerScheduledMessageRoutes,
  registerUnsubscribeRoutes,
} from "./features/scheduled-messages/scheduled-messages.routes.ts";
import { rescheduleStayMessages } from "./features/scheduled-messages/scheduled-messages.service.ts";
import { onStaysChanged } from "./features/stays/stay-schedule.service.ts";
import { createTranslationProvider } from "./providers/translate/index.ts";
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStoreWithFallback,
} from "./lib/rate-limiter.ts";
import { createSecretBox, loadSecretKey } from "./lib/secret-box.ts";
import { registerUploadCleanup } from "./lib/streamed-upload.ts";
import { registerAuth } from "./plugins/auth.ts";
import { assertRouteDeclaresPermission, registerPermissions } from "./plugins/permissions.ts";
import { registerCsrfCheck } from "./plugins/csrf.ts";
import { registerGuidePurgeOnWrite } from "./plugins/guide-purge-on-write.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerSecurityHeaders, swaggerUiCsp } from "./plugins/security-headers.ts";
import { serializeRequest } from "./plugins/request-log.ts";
import { responseSerializer } from "./plugins/response-serializer.ts";
import { dashboardCsp, registerSpa } from "./plugins/spa.ts";
import { createEmailProvider } from "./providers/email/index.ts";
import { createGeoLookup } from "./providers/geo/index.ts";
import { createPaymentGateway, createStorePaymentGateway } from "./providers/payments/index.ts";
import { registerBillingRoutes } from "./features/billing/billing.routes.ts";
import { seedPlanCatalogue } from "./features/billing/catalogue/catalogue.seed.ts";
import { createPlacesProvider } from "./providers/places/index.ts";
import { createWhat3words } from "./providers/w3w/index.ts";
import { createBroadcast } from "./providers/broadcast/index.ts";
import { createStorageProvider } from "./providers/storage/index.ts";
// Guest guide: pages, passcode, preview, offline; visits.
import { guideHostRewrite } from "./guide/guide-host.ts";
import type { FastPath } from "./lib/fast-path.ts";
import { registerGuideRoutes } from "./guide/guide.routes.ts";
import { registerVisitRoutes } from "./features/visits/visits.routes.ts";
import { registerAnalyticsRoutes } from "./features/visits/analytics.routes.ts";
import { registerBulkUpdateRoutes } from "./features/bulk-updates/bulk-update.routes.ts";
import { registerPropertyCopyRoutes } from "./features/property-copies/property-copy.routes.ts";
import { registerMessagingRoutes } from "./features/messaging/messaging.routes.ts";
import { createWebPush } from "./providers/push/push-provider.ts";
import { registerReferralRoutes } from "./features/referrals/referral.routes.ts";
import { registerAffiliateRoutes } from "./features/affiliates/affiliate.routes.ts";
import { registerApiKeyRoutes } from "./features/api-keys/api-key.routes.ts";
import { registerTeamRoutes } from "./features/team/team.routes.ts";
import { registerActivityRoutes } from "./features/activity/activity.routes.ts";
import { registerSupportRoutes } from "./features/support/support.routes.ts";
import { registerAccountDataRoutes } from "./features/account-data/account-data.routes.ts";
import { documentApiKeyRoute, registerIdempotency } from "./plugins/api-keys.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { registerRecordJobs } from "./jobs/record-jobs.ts";
import { registerJobs } from "./jobs/scheduler.ts";
import { createDbMaintenance } from "./db/maintenance.ts";

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Replace outside services (tests). */
  overrides?: Partial<Omit<AppContext, "config" | "db" | "log">>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server: API, files, dashboard. The caller owns listening and the database. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** Open to API keys (decision 039): the authorization harness keeps the list of such routes. */
  apiKeys: boolean;
  /** What a signed-in caller's role must allow (decision 056); null only on public routes. */
  permission: Permission | null;
  /** The route's request schemas (zod), for the edge fuzz test, and its responses' (decision 030). */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; response?: unknown };
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route as registered, for the authorization harness. */
  routes: RegisteredRoute[];
  /** The guide's fast path in the HTTP server (it counts what it served). */
  guideFastPath: FastPath;
  /** The guide's reports' fast path (decision 028). */
  reportFastPath: FastPath;
}

export async function buildApp({ config, database, overrides = {}, logStream }: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
      serializers: { req: serializeRequest },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Guest guide: /{PropertyID} on GUIDE_HOST is the guide.
    rewriteUrl: guideHostRewrite(config.guide.host),
    // The HTTP server as Fastify would make it, with the guide's fast path ahead of Fastify (decision 025).
    serverFactory: (handler, options) => {
      const server = http.createServer((req, res) => {
        if (!guideFastPath?.(req, res) && !reportFastPath?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(options.requestTimeout ?? 0);
      server.setTimeout(Number(options.connectionTimeout ?? 0));
      return server;
    },
  });
  let guideFastPath: FastPath | null = null;
  let reportFastPath: FastPath | null = null;
  // Closing: every request goes through Fastify, which answers 503 while in-flight ones finish.
  app.addHook("preClose", async () => {
    guideFastPath = null;
    reportFastPath = null;
  });
  app.setValidatorCompiler(validatorCompiler);
  // fast-json-stringify from the zod schemas; in tests, checked against zod on every response (decision 030).
  app.setSerializerCompiler(responseSerializer({ check: config.env === "test" }));

  // Redis is optional at run time (decision 011): commands fail at once while it is down (no offline queue),
  // rate limits fall back to this instance's memory, and /api/ready reports it; the client keeps reconnecting.
  // A connection that is up but gets no answer (a partition, a stalled failover) would hold every rate-limited
  // request and /api/ready until TCP gives up, minutes later: a command unanswered for 0.5 s fails instead, and
  // the same fallback applies. Redis answers ours in well under a millisecond.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 500,
      })
    : null;
  if (redis) {
    let reported = false;
    redis.on("error", (error: Error) => {
      if (!reported) app.log.warn({ err: error }, "Redis connection error");
      reported = true;
    });
    redis.on("ready", () => void (reported = false));
    app.addHook("onClose", async () => {
      if (redis.status === "ready") await redis.quit();
      else redis.disconnect();
    });
  }
  const redisReachable = redis
    ? async () =>
        redis.status === "ready" &&
        (await redis.ping().then(
          () => true,
          () => false,
        ))
    : null;

  const now = overrides.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    db: database.db,
    log: app.log,
    now,
    email:
      overrides.email ??
      createEmailProvider({ smtpUrl: config.smtpUrl, from: config.emailFrom, db: database.db, log: app.log }),
    storage: overrides.storage ?? createStorageProvider({ dataDir: config.dataDir, s3: config.s3 }),
    translator: overrides.translator ?? createTranslationProvider(config.translate),
    geo: overrides.geo ?? createGeoLookup(),
    places:
      overrides.places ??
      createPlacesProvider({
        googleApiKey: config.googleMapsApiKey,
        osmUrl: config.placesUrl,
        userAgent: `Doorstep/${config.appVersion} (+${config.publicUrl})`,
      }),
    what3words: overrides.what3words ?? createWhat3words({ apiKey: config.w3wApiKey }),
    destinations: overrides.destinations ?? createDestinationIndex(config.viatorDestinationsFile, app.log),
    payments: overrides.payments ?? createPaymentGateway(config.payments, { db: database.db, now }),
    storePayments: createStorePaymentGateway(config.payments, { db: database.db, now }),
    secrets: overrides.secrets ?? createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    push:
      overrides.push ??
      createWebPush({
        secret: loadSecretKey(config.secretKey, config.dataDir),
        subject: `mailto:${config.supportEmail}`,
        hosts: config.push.hosts,
        allowHttp: config.push.allowHttp,
      }),
    rateLimiter:
      overrides.rateLimiter ??
      createRateLimiter(
        redis
          ? createRedisRateLimitStoreWithFallback(redis, (message) => app.log.warn(message))
          : createMemoryRateLimitStore(() => now().getTime()),
      ),
    broadcast:
      overrides.broadcast ??
      createBroadcast(redis && { url: config.redisUrl!, client: redis }, (err) =>
        app.log.error({ err }, "broadcast connection failed"),
      ),
    // On PGlite every statement runs on the server's own thread: the queue looks for due jobs of every name in
    // one prepared statement (~1 ms) every 2 s, and pg-boss's per-name polls only back it up (decision 064).
    jobs: overrides.jobs ?? createJobQueue({ sql: database.sql, log: app.log }),
    maintenance: createDbMaintenance({ sql: database.sql, kind: database.kind, log: app.log }),
  };
  app.addHook("onClose", async () => ctx.broadcast.close());
  app.addHook("onClose", async () => ctx.maintenance.close());
  // The recurring and per-record jobs are defined on every app; only a started queue (server.ts) runs them.
  registerJobs(ctx);
  registerRecordJobs(ctx);
  // A stay's new dates, times, zone, contact or status move its scheduled messages (decision 050).
  onStaysChanged(rescheduleStayMessages);
  onStaysChanged(settleOrdersOfChangedStays);
  app.addHook("onClose", () => ctx.jobs.stop());

  // Error handling first: Fastify binds a route's error handler when the route is registered.
  const spaIndexHtml = await registerSpa(app, config.webDistDir);
  const spaCsp = dashboardCsp({ mapTileUrl: config.mapTileUrl, stripe: Boolean(config.payments.stripeSecretKey) });
  registerErrorHandling(app, spaIndexHtml, spaCsp);
  registerSecurityHeaders(app, spaCsp);
  // Served over https (PUBLIC_URL): browsers keep to https for a year (HSTS).
  if (config.publicUrl.startsWith("https://")) {
    app.addHook("onSend", async (_request, reply) => {
      reply.header("Strict-Transport-Security", "max-age=31536000");
    });
  }
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 10 } });
  // Uploads stream to temporary files (lib/streamed-upload.ts), deleted once the response is sent.
  registerUploadCleanup(app);

  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    // The docs UI registers its own routes; they are public like the document they show.
    if (route.url.startsWith("/api/docs")) route.config = { ...(route.config ?? {}), public: true };
    documentApiKeyRoute(route);
    // Decision 056: every route says which permission it needs, or that it is public; else the app does not start.
    assertRouteDeclaresPermission(route);
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        apiKeys: route.config?.apiKeys === true,
        permission: route.config?.permission ?? null,
        schema: route.schema,
      });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Doorstep API", version: config.appVersion, description: "Host dashboard and guest guide API." },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "ds_session" },
          bearer: { type: "http", scheme: "bearer" },
          // Decision 039: an account's API key, accepted only by the routes that list this scheme.
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "dsk_live_…",
            description:
              "An API key made on the dashboard's API keys page (`Authorization: Bearer dsk_live_…`). It can call " +
              "only the operations that list this scheme, on its own account, rate-limited per key.",
          },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    transformStaticCSP: (header) => swaggerUiCsp(header, config.publicUrl.startsWith("https://")),
  });
  app.get("/api/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  // Before the session is resolved: a cross-site write is refused without a database read (decision 011).
  registerCsrfCheck(app, config.publicUrl);
  registerAuth(app, ctx);
  registerPermissions(app, ctx);
  registerGuidePurgeOnWrite(app, ctx);
  registerIdempotency(app, ctx);
  registerSystemRoutes(app, ctx, database, redisReachable);
  registerAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerManagerRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPropertyRoutes(app, ctx);
  registerPlacesRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  registerSharedContentRoutes(app, ctx);
  registerLocalAreaRoutes(app, ctx);
  registerStayRoutes(app, ctx);
  registerStayLinkRoutes(app, ctx);
  registerStayFeedRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
  registerScheduledMessageRoutes(app, ctx);
  await registerUnsubscribeRoutes(app, ctx);
  // The content catalogue data files, applied idempotently on every start (IMPL-24).
  app.addHook("onReady", async () => void (await seedCatalogue(ctx.db)));
  // Billing: the plan catalogue is data, upserted from its files at boot (OPEN-02).
  await seedPlanCatalogue(ctx.db);
  registerBillingRoutes(app, ctx);
  // Guest guide.
  const fastPath = await registerGuideRoutes(app, ctx);
  guideFastPath = fastPath;
  const reports = registerVisitRoutes(app, ctx);
  reportFastPath = reports;
  registerAnalyticsRoutes(app, ctx);
  registerBulkUpdateRoutes(app, ctx);
  registerPropertyCopyRoutes(app, ctx);
  registerMessagingRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
  registerAffiliateRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  registerAccountDataRoutes(app, ctx);

  return { app, ctx, routes, guideFastPath: fastPath, reportFastPath: reports };
}
