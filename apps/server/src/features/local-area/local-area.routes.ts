import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import {
  AddPlaceRequest,
  AttachProfileResponse,
  CreateProfileRequest,
  LocalAreaPageResponse,
  PlaceResponse,
  ProfileListQuery,
  ProfileResponse,
  ProfilesResponse,
  ReorderPlacesRequest,
  UpdatePlaceRequest,
} from "@doorstep/shared/schemas/local-area";
import type { AppContext } from "../../app-context.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requireCaller } from "../../plugins/auth.ts";
import {
  createProfile,
  deleteProfile,
  getProfilePage,
  getPropertyLocalArea,
  listProfiles,
  setProfileAttached,
} from "./local-area.service.ts";
import type { OwnerRef } from "./local-area-owners.ts";
import {
  addPlace,
  deletePlace,
  removePlaceImage,
  reorderPlaces,
  setPlaceImage,
  updatePlace,
} from "./local-places.service.ts";

const tags = ["local area"];
const NoContent = { 204: z.null() };
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });
const ProfileParams = z.object({ label: text().min(1).max(200) });
const PlaceParams = z.object({ placeId: z.uuid() });
const AttachParams = z.object({ propertyId: text().min(1).max(60), profileId: z.uuid() });

/** A list of places, a profile's or a property's: where its routes live and which owner its address names. */
interface PlaceList<P extends z.ZodType> {
  path: string;
  params: P;
  /** "a profile", "a property": the owner in the routes' summaries. */
  owner: string;
  ownerRef: (params: z.output<P>) => OwnerRef;
}

/**
 * Adding a place to a list and reordering a list's category are the same for both owners (LOCAL-06…11).
 * Fastify has parsed `request.params` with `list.params`; the type provider cannot name that type for a
 * generic schema, hence the casts.
 */
function registerPlaceList<P extends z.ZodType>(parent: FastifyInstance, ctx: AppContext, list: PlaceList<P>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${list.path}/places`,
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: `Add a place to ${list.owner} (LOCAL-07…11)`,
        params: list.params,
        body: AddPlaceRequest,
        response: { 201: PlaceResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        place: await addPlace(ctx, requireCaller(request), list.ownerRef(request.params as z.output<P>), request.body),
      }),
  );
  app.put(
    `${list.path}/places/order`,
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: `Reorder a category's places of ${list.owner} (LOCAL-06)`,
        params: list.params,
        body: ReorderPlacesRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await reorderPlaces(ctx, requireCaller(request), list.ownerRef(request.params as z.output<P>), request.body);
      return reply.status(204).send(null);
    },
  );
}

/**
 * Local-area recommendations (LOCAL-01…26, SHARED-06/10): profiles, their attachment to properties, and the
 * places of a property or a profile. Everything is the caller's own; another account's id answers 404.
 */
export function registerLocalAreaRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  // ---- profiles ----
  app.get(
    "/api/local-area-profiles",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A page of the caller's profiles with place counts, by title (LOCAL-15/16/26)",
        querystring: ProfileListQuery,
        response: { 200: ProfilesResponse },
      },
    },
    async (request) => listProfiles(ctx, requireCaller(request), request.query),
  );
  app.post(
    "/api/local-area-profiles",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Create a profile in a town chosen from the places search (LOCAL-17…21, OPEN-55)",
        body: CreateProfileRequest,
        response: { 201: ProfileResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ profile: await createProfile(ctx, requireCaller(request), request.body) }),
  );
  app.get(
    "/api/local-area-profiles/:label",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A profile's places by category (LOCAL-01/03/04)",
        params: ProfileParams,
        response: { 200: LocalAreaPageResponse },
      },
    },
    async (request) => getProfilePage(ctx, requireCaller(request), request.params.label),
  );
  app.delete(
    "/api/local-area-profiles/:label",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Delete a profile with its places, detaching it everywhere (LOCAL-24)",
        params: ProfileParams,
        response: { 200: z.object({ status: z.literal("success") }) },
      },
    },
    async (request) => {
      await deleteProfile(ctx, requireCaller(request), request.params.label);
      return { status: "success" as const };
    },
  );

  // ---- a property's local area ----
  app.get(
    "/api/properties/:propertyId/local-area",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "A property's places and the account's profiles with attach state (LOCAL-01/02)",
        params: PropertyParams,
        response: { 200: LocalAreaPageResponse },
      },
    },
    async (request) => getPropertyLocalArea(ctx, requireCaller(request), request.params.propertyId),
  );
  app.put(
    "/api/properties/:propertyId/local-area-profiles/:profileId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Attach a profile to a property (LOCAL-02, SHARED-10)",
        params: AttachParams,
        response: { 200: AttachProfileResponse },
      },
    },
    async (request) => {
      const { propertyId, profileId } = request.params;
      await setProfileAttached(ctx, requireCaller(request), propertyId, profileId, true);
      return { attached: true };
    },
  );
  app.delete(
    "/api/properties/:propertyId/local-area-profiles/:profileId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Detach a profile from a property (LOCAL-02, SHARED-10)",
        params: AttachParams,
        response: { 200: AttachProfileResponse },
      },
    },
    async (request) => {
      const { propertyId, profileId } = request.params;
      await setProfileAttached(ctx, requireCaller(request), propertyId, profileId, false);
      return { attached: false };
    },
  );

  // ---- the two lists of places: a profile's and a property's ----
  registerPlaceList(app, ctx, {
    path: "/api/local-area-profiles/:label",
    params: ProfileParams,
    owner: "a profile",
    ownerRef: (p) => ({ profileLabel: p.label }),
  });
  registerPlaceList(app, ctx, {
    path: "/api/properties/:propertyId",
    params: PropertyParams,
    owner: "a property",
    ownerRef: (p) => ({ propertyId: p.propertyId }),
  });

  // ---- one place ----
  app.patch(
    "/api/local-places/:placeId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Edit a place, its pin included (LOCAL-11/12)",
        params: PlaceParams,
        body: UpdatePlaceRequest,
        response: { 200: PlaceResponse },
      },
    },
    async (request) => ({
      place: await updatePlace(ctx, requireCaller(request), request.params.placeId, request.body),
    }),
  );
  app.delete(
    "/api/local-places/:placeId",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Delete a place", params: PlaceParams, response: NoContent },
    },
    async (request, reply) => {
      await deletePlace(ctx, requireCaller(request), request.params.placeId);
      return reply.status(204).send(null);
    },
  );
  app.put(
    "/api/local-places/:placeId/image",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Replace a place's photo (FILE rules)",
        consumes: ["multipart/form-data"],
        params: PlaceParams,
        response: { 200: PlaceResponse },
      },
    },
    async (request) => ({
      place: await setPlaceImage(ctx, requireCaller(request), request.params.placeId, () => receiveImage(request)),
    }),
  );
  app.delete(
    "/api/local-places/:placeId/image",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Remove a place's photo", params: PlaceParams, response: { 200: PlaceResponse } },
    },
    async (request) => ({ place: await removePlaceImage(ctx, requireCaller(request), request.params.placeId) }),
  );
}
