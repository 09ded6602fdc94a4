import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import { HealthResponse, PublicConfig, ReadyResponse } from "@doorstep/shared/schemas/config";
import type { AppContext } from "../../app-context.ts";
import type { Database } from "../../db/client.ts";
import { readOutbox } from "../../providers/email/outbox.ts";
import { findUserWithEmail, setAccountBillingFlags } from "../users/user.service.ts";
import { stayFeedPollMinutes } from "../stay-feeds/stay-feed-sync.service.ts";
import { AppError } from "../../lib/app-error.ts";
import { purgeAccountGuides } from "../../lib/guide-purge.ts";

const tags = ["system"];
const publicRoute = { public: true } as const;

/**
 * Health, readiness, public config and the test-only helpers. `redisReachable` is null when Redis is not
 * configured.
 */
export function registerSystemRoutes(
  parent: FastifyInstance,
  ctx: AppContext,
  database: Database,
  redisReachable: (() => Promise<boolean>) | null = null,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/health",
    { config: publicRoute, schema: { tags, summary: "The process is up", response: { 200: HealthResponse } } },
    async () => ({
      status: "ok" as const,
    }),
  );

  app.get(
    "/api/ready",
    {
      config: publicRoute,
      schema: { tags, summary: "The database is reachable; says whether Redis is", response: { 200: ReadyResponse } },
    },
    async () => {
      const redis: "ok" | "down" | "not-configured" = redisReachable
        ? (await redisReachable())
          ? "ok"
          : "down"
        : "not-configured";
      try {
        await database.ping();
      } catch {
        // 503, not 500: a load balancer takes the instance out of rotation until the database is back.
        throw new AppError("DATABASE_UNREACHABLE", { redisDown: redis === "down" });
      }
      // Without Redis the instance still serves (rate limits per instance), so it stays ready and says so.
      return { status: "ready" as const, database: "ok" as const, redis };
    },
  );

  app.get(
    "/api/config",
    {
      config: publicRoute,
      schema: { tags, summary: "Browser-safe configuration and the client version", response: { 200: PublicConfig } },
    },
    async () => ({
      appVersion: ctx.config.appVersion,
      trialDays: ctx.config.trialDays,
      publicUrl: ctx.config.publicUrl,
      marketingUrl: ctx.config.marketingUrl,
      termsUrl: ctx.config.termsUrl,
      privacyUrl: ctx.config.privacyUrl,
      placesProvider: ctx.places.kind,
      machineTranslation: ctx.translator.configured,
      what3wordsConfigured: ctx.what3words.configured,
      mapTileUrl: ctx.config.mapTileUrl,
      stayFeedPollMinutes: stayFeedPollMinutes(ctx),
      mapAttribution: ctx.config.mapAttribution,
      payments: {
        gateway: ctx.payments.kind,
        stripePublishableKey:
          ctx.payments.kind === "stripe" ? (ctx.config.payments.stripePublishableKey ?? null) : null,
      },
    }),
  );

  // The e2e suite reads emails from here; the route does not exist outside NODE_ENV=test.
  if (ctx.config.env === "test") {
    // Browser tests cannot wait 14 days: this ends a trial now (the route exists only when NODE_ENV=test).
    app.post(
      "/api/test/end-trial",
      {
        config: publicRoute,
        schema: { hide: true, body: z.object({ email: text().min(1) }), response: { 204: z.null() } },
      },
      async (request, reply) => {
        const user = await findUserWithEmail(ctx, request.body.email.trim().toLowerCase());
        if (!user) throw new AppError("NO_SUCH_USER");
        await setAccountBillingFlags(ctx, user.accountId, { trialEndsAt: new Date(ctx.now().getTime() - 60_000) });
        await purgeAccountGuides(ctx, user.accountId); // the account's guides go offline (decision 059)
        return reply.status(204).send(null);
      },
    );
    const OutboxResponse = z.object({
      emails: z.array(
        z.object({
          to: text(),
          subject: text(),
          text: text(),
          html: text(),
          replyTo: text().nullable(),
          createdAt: text(),
        }),
      ),
    });
    app.get(
      "/api/test/outbox",
      {
        config: publicRoute,
        schema: { hide: true, querystring: z.object({ to: text().min(1) }), response: { 200: OutboxResponse } },
      },
      async (request) => {
        const rows = await readOutbox(ctx.db, request.query.to.trim().toLowerCase());
        return {
          emails: rows.map((r) => ({
            to: r.to,
            subject: r.subject,
            text: r.text,
            html: r.html,
            replyTo: r.replyTo,
            createdAt: r.createdAt.toISOString(),
          })),
        };
      },
    );
  }
}
