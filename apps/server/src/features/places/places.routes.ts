import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import { LANGUAGES } from "@doorstep/shared/languages";
import {
  NearestPlaceQuery,
  NearestPlaceResponse,
  PlaceDetailsResponse,
  PlaceSearchQuery,
  PlaceSearchResponse,
  WordsQuery,
  WordsResponse,
} from "@doorstep/shared/schemas/places";
import type { AppContext } from "../../app-context.ts";
import { PLACES_RATE_LIMIT } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { createLookupCache } from "./lookup-cache.ts";

const tags = ["places"];

/**
 * Address search, map pins and what3words through server-side providers: keys stay here (IMPL-25).
 * Each lookup is limited per account, so no one account spends the services' quota, and repeats within
 * five minutes are answered from a cache.
 */
export function registerPlacesRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const cache = createLookupCache({ ttlMs: 5 * 60_000, maxEntries: 5000 });
  const limit = (request: FastifyRequest) =>
    ctx.rateLimiter.consume(
      "places",
      requireCaller(request).accountId,
      ctx.config.rateLimits.places ?? PLACES_RATE_LIMIT,
    );

  app.get(
    "/api/places/search",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Address, town or place autocomplete (SETUP-07, LOCAL-07, LOCAL-17)",
        querystring: PlaceSearchQuery,
        response: { 200: PlaceSearchResponse },
      },
    },
    async (request) => {
      await limit(request);
      const { q, lat, lng, kind } = request.query;
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      // Bias points rounded to ~1 km: the suggestions do not change within that. Each kind filters differently.
      const key = `search:${kind}:${q.toLowerCase()}:${near ? `${near.lat.toFixed(2)},${near.lng.toFixed(2)}` : ""}`;
      return { predictions: await cache.get(key, () => ctx.places.search(q, near, kind)) };
    },
  );

  app.get(
    "/api/places/details",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The address of a chosen prediction (SETUP-08)",
        querystring: z.object({ placeId: text().min(1).max(300) }),
        response: { 200: PlaceDetailsResponse },
      },
    },
    async (request) => {
      await limit(request);
      const { placeId } = request.query;
      const address = await cache.get(`details:${placeId}`, () => ctx.places.details(placeId));
      if (!address) throw notFound("place");
      return { address };
    },
  );

  app.get(
    "/api/places/nearest",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Nearest place (and what3words) to a dropped pin (SETUP-11)",
        querystring: NearestPlaceQuery,
        response: { 200: NearestPlaceResponse },
      },
    },
    async (request) => {
      await limit(request);
      const { lat, lng } = request.query;
      const place = await cache.get(`nearest:${lat},${lng}`, () => ctx.places.nearest(lat, lng));
      // The words are a nicety here: a what3words outage must not stop a host from placing the pin.
      const three = await cache
        .get(`words:${lat},${lng}`, () => ctx.what3words.toWords(lat, lng))
        .catch((err: unknown) => {
          request.log.warn({ err }, "what3words lookup failed");
          return null;
        });
      // OPEN-60: a manual address is the three-word service's nearest place when it has one; the places provider's otherwise.
      return {
        nearestPlace: three?.nearestPlace ?? place?.name ?? null,
        country: place?.country ?? null,
        words: three?.words ?? null,
      };
    },
  );

  app.get(
    "/api/what3words",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "what3words → coordinates (SETUP-14/15)",
        querystring: WordsQuery,
        response: { 200: WordsResponse },
      },
    },
    async (request) => {
      await limit(request);
      if (!ctx.what3words.configured) throw new AppError("WHAT3WORDS_NOT_CONFIGURED");
      const words = request.query.words.replace(/^\/+/, "").toLowerCase();
      const result = await cache.get(`coordinates:${words}`, () => ctx.what3words.toCoordinates(words));
      if (!result) throw new AppError("WORDS_NOT_FOUND");
      return result;
    },
  );

  app.get(
    "/api/reference/languages",
    {
      config: { public: true },
      schema: {
        tags: ["reference"],
        summary: "Guide languages (IMPL-11)",
        response: { 200: z.object({ languages: z.array(z.object({ code: text(), name: text() })) }) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=86400");
      return { languages: LANGUAGES.map(([code, name]) => ({ code, name })) };
    },
  );
}
