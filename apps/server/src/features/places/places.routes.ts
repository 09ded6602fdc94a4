import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
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
import { AppError, notFound } from "../../lib/app-error.ts";
import { requireCaller } from "../../plugins/auth.ts";

const tags = ["places"];

/** Address search, map pins and what3words through server-side providers: keys stay here (IMPL-25). */
export function registerPlacesRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/places/search",
    { schema: { tags, summary: "Address autocomplete (SETUP-07)", querystring: PlaceSearchQuery, response: { 200: PlaceSearchResponse } } },
    async (request) => {
      requireCaller(request);
      const { q, lat, lng } = request.query;
      return { predictions: await ctx.places.search(q, lat !== undefined && lng !== undefined ? { lat, lng } : undefined) };
    },
  );

  app.get(
    "/api/places/details",
    { schema: { tags, summary: "The address of a chosen prediction (SETUP-08)", querystring: z.object({ placeId: z.string().min(1).max(300) }), response: { 200: PlaceDetailsResponse } } },
    async (request) => {
      requireCaller(request);
      const address = await ctx.places.details(request.query.placeId);
      if (!address) throw notFound("Place not found");
      return { address };
    },
  );

  app.get(
    "/api/places/nearest",
    { schema: { tags, summary: "Nearest place (and what3words) to a dropped pin (SETUP-11)", querystring: NearestPlaceQuery, response: { 200: NearestPlaceResponse } } },
    async (request) => {
      requireCaller(request);
      const { lat, lng } = request.query;
      const place = await ctx.places.nearest(lat, lng);
      // The words are a nicety here: a what3words outage must not stop a host from placing the pin.
      const words = await ctx.what3words.toWords(lat, lng).catch((err: unknown) => {
        request.log.warn({ err }, "what3words lookup failed");
        return null;
      });
      return { nearestPlace: place?.name ?? null, country: place?.country ?? null, words };
    },
  );

  app.get(
    "/api/what3words",
    { schema: { tags, summary: "what3words → coordinates (SETUP-14/15)", querystring: WordsQuery, response: { 200: WordsResponse } } },
    async (request) => {
      requireCaller(request);
      if (!ctx.what3words.configured) throw new AppError("NOT_CONFIGURED", "what3words is not configured on this server.");
      const result = await ctx.what3words.toCoordinates(request.query.words);
      if (!result) throw new AppError("WORDS_NOT_FOUND", "Words not found.");
      return result;
    },
  );

  app.get(
    "/api/reference/languages",
    { config: { public: true }, schema: { tags: ["reference"], summary: "Guide languages (IMPL-11)", response: { 200: z.object({ languages: z.array(z.object({ code: z.string(), name: z.string() })) }) } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "public, max-age=86400");
      return { languages: LANGUAGES.map(([code, name]) => ({ code, name })) };
    },
  );
}
