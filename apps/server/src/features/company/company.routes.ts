import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CompanyResponse, CreateCompanyRequest, UpdateCompanyRequest } from "@doorstep/shared/schemas/company";
import type { AppContext } from "../../app-context.ts";
import { receiveImage } from "../../lib/uploads.ts";
import { requireCaller } from "../../plugins/auth.ts";
import {
  createCompany,
  deleteCompanyImage,
  getCompany,
  replaceCompanyImage,
  updateCompany,
  type CompanyImage,
} from "./company.service.ts";

const tags = ["company"];
const IMAGES: { image: CompanyImage; path: string; what: string }[] = [
  { image: "logo", path: "/api/company/logo", what: "logo" },
  { image: "icon", path: "/api/company/icon", what: "home-screen icon" },
];

export function registerCompanyRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/company",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "The account's company profile (null when none)", response: { 200: CompanyResponse } },
    },
    async (request) => ({ company: await getCompany(ctx, requireCaller(request)) }),
  );

  app.post(
    "/api/company",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Create the account's company profile",
        body: CreateCompanyRequest,
        response: { 201: CompanyResponse },
      },
    },
    async (request, reply) => {
      const company = await createCompany(ctx, requireCaller(request), request.body);
      return reply.status(201).send({ company });
    },
  );

  app.patch(
    "/api/company",
    {
      config: { permission: "settings:write" },
      schema: {
        tags,
        summary: "Update brand name, colours, website or PMS",
        body: UpdateCompanyRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await updateCompany(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  for (const { image, path, what } of IMAGES) {
    app.put(
      path,
      {
        config: { permission: "settings:write" },
        schema: {
          tags,
          summary: `Replace the company ${what} (multipart, one image in field \`file\`)`,
          consumes: ["multipart/form-data"],
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await replaceCompanyImage(ctx, requireCaller(request), image, () => receiveImage(request));
        return reply.status(204).send(null);
      },
    );

    app.delete(
      path,
      {
        config: { permission: "settings:write" },
        schema: { tags, summary: `Remove the company ${what}`, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteCompanyImage(ctx, requireCaller(request), image);
        return reply.status(204).send(null);
      },
    );
  }
}
