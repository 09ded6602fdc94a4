import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import { THEME_LABELS } from "@doorstep/shared/constants";
import { CONTENT_SYSTEM_ID, FALLBACK_THEME, MEDIA_KINDS } from "@doorstep/shared/rules/content";
import {
  CatalogueQuery,
  CategoriesResponse,
  CategoryPageResponse,
  ContentItemResponse,
  ContentOverviewResponse,
  CreateContentItemRequest,
  ReorderContentRequest,
  TemplatesResponse,
  ThemesResponse,
  UpdateContentItemRequest,
} from "@doorstep/shared/schemas/content";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { getCatalogue, THEME_NAMES, toCategoryDto, toTemplateDto } from "./catalogue.service.ts";
import { getCategoryPage, getContentOverview, reorderContent } from "./content-list.service.ts";
import { removeContentMedia, setContentMedia } from "./content-media.service.ts";
import { createContentItem, deleteContentItem, getContentItem, updateContentItem } from "./content.service.ts";
import { readUpload } from "./media-files.ts";

const tags = ["content"];
const PropertyParams = z.object({ propertyId: text().min(1).max(60) });
const CategoryParams = PropertyParams.extend({ categoryLabel: text().min(1).max(100) });
const ItemParams = PropertyParams.extend({ itemId: z.uuid() });
const MediaParams = ItemParams.extend({ media: z.enum(MEDIA_KINDS) });
const SubItemMediaParams = MediaParams.extend({ subItemId: z.uuid() });
const NoContent = { 204: z.null() };
const multipart = ["multipart/form-data"];

export function registerContentRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  // ---- reference data (IMPL-11) ----
  app.get(
    "/api/content/categories",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "System categories for a theme (CONT-04/05); communication ones never listed",
        querystring: CatalogueQuery,
        response: { 200: CategoriesResponse },
      },
    },
    async (request) => {
      requireCaller(request);
      const catalogue = await getCatalogue(ctx, request.query.theme);
      return {
        systemId: CONTENT_SYSTEM_ID,
        themes: catalogue.themes,
        categories: catalogue.categories.map(toCategoryDto),
      };
    },
  );
  app.get(
    "/api/content/templates",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "System content templates for a theme (CONT-06)",
        querystring: CatalogueQuery,
        response: { 200: TemplatesResponse },
      },
    },
    async (request) => {
      requireCaller(request);
      const catalogue = await getCatalogue(ctx, request.query.theme);
      return {
        systemId: CONTENT_SYSTEM_ID,
        themes: catalogue.themes,
        templates: catalogue.templates.map(toTemplateDto),
      };
    },
  );
  app.get(
    "/api/content/themes",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "Theme labels (XCUT-55)", response: { 200: ThemesResponse } },
    },
    async (request) => {
      requireCaller(request);
      return { themes: THEME_LABELS.map((label) => ({ label, name: THEME_NAMES[label] })), fallback: FALLBACK_THEME };
    },
  );

  // ---- a property's (or the shared-content property's) content ----
  app.get(
    "/api/properties/:propertyId/content",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Content sections with filled counts (overview)",
        params: PropertyParams,
        response: { 200: ContentOverviewResponse },
      },
    },
    async (request) => getContentOverview(ctx, requireCaller(request), request.params.propertyId),
  );
  app.get(
    "/api/properties/:propertyId/content/categories/:categoryLabel",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "One category page: templates, custom items, shared items (CONT-01/12)",
        params: CategoryParams,
        response: { 200: CategoryPageResponse },
      },
    },
    async (request) =>
      getCategoryPage(ctx, requireCaller(request), request.params.propertyId, request.params.categoryLabel),
  );
  app.put(
    "/api/properties/:propertyId/content/order",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Rewrite the ListRank of one category's items (CONT-32…34)",
        params: PropertyParams,
        body: ReorderContentRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await reorderContent(ctx, requireCaller(request), request.params.propertyId, request.body);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/api/properties/:propertyId/content/items",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Create an item with translations and sub-items, one transaction (CONT-24/30)",
        params: PropertyParams,
        body: CreateContentItemRequest,
        response: { 201: ContentItemResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ item: await createContentItem(ctx, requireCaller(request), request.params.propertyId, request.body) }),
  );
  app.get(
    "/api/properties/:propertyId/content/items/:itemId",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "One item with translations and sub-items",
        params: ItemParams,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => ({
      item: await getContentItem(ctx, requireCaller(request), request.params.propertyId, request.params.itemId),
    }),
  );
  app.patch(
    "/api/properties/:propertyId/content/items/:itemId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Update an item, its translations and sub-items, one transaction; ContentVersion + 1",
        params: ItemParams,
        body: UpdateContentItemRequest,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => ({
      item: await updateContentItem(
        ctx,
        requireCaller(request),
        request.params.propertyId,
        request.params.itemId,
        request.body,
      ),
    }),
  );
  app.delete(
    "/api/properties/:propertyId/content/items/:itemId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Delete an item with translations, sub-items, links and files (CONT-31, SHARED-13)",
        params: ItemParams,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteContentItem(ctx, requireCaller(request), request.params.propertyId, request.params.itemId);
      return reply.status(204).send(null);
    },
  );

  // ---- media (multipart, one file in field `file`) ----
  app.put(
    "/api/properties/:propertyId/content/items/:itemId/media/:media",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Replace the item's image, video or PDF (CONT-21/23, OPEN-56)",
        consumes: multipart,
        params: MediaParams,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => {
      const { propertyId, itemId, media } = request.params;
      return {
        item: await setContentMedia(ctx, requireCaller(request), { propertyId, itemId, kind: media }, (max) =>
          readUpload(request, max),
        ),
      };
    },
  );
  app.delete(
    "/api/properties/:propertyId/content/items/:itemId/media/:media",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Remove the item's image, video or PDF (FILE-05)",
        params: MediaParams,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => {
      const { propertyId, itemId, media } = request.params;
      return { item: await removeContentMedia(ctx, requireCaller(request), { propertyId, itemId, kind: media }) };
    },
  );
  app.put(
    "/api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Replace a sub-item's image, video or PDF (OPEN-62)",
        consumes: multipart,
        params: SubItemMediaParams,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => {
      const { propertyId, itemId, subItemId, media } = request.params;
      return {
        item: await setContentMedia(
          ctx,
          requireCaller(request),
          { propertyId, itemId, subItemId, kind: media },
          (max) => readUpload(request, max),
        ),
      };
    },
  );
  app.delete(
    "/api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Remove a sub-item's file",
        params: SubItemMediaParams,
        response: { 200: ContentItemResponse },
      },
    },
    async (request) => {
      const { propertyId, itemId, subItemId, media } = request.params;
      return {
        item: await removeContentMedia(ctx, requireCaller(request), { propertyId, itemId, subItemId, kind: media }),
      };
    },
  );
}
