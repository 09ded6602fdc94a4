import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  STAY_IMPORT_MAX_BYTES,
  StayImportApplyFields,
  StayImportPreviewFields,
  StayImportResponse,
} from "@doorstep/shared/schemas/stay-import";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { receiveForm } from "../../lib/streamed-upload.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { applyStayImport, previewStayImport } from "./stay-import.service.ts";

const tags = ["stays"];

/** The form's one file, streamed to disk under the cap, and its fields checked by `schema`. */
async function receiveImport<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const form = await receiveForm(request, { maxBytes: STAY_IMPORT_MAX_BYTES, maxFiles: 1, fields: ["file"] });
  const file = form.files[0];
  if (!file) throw new AppError("UPLOAD_FILE_COUNT", { fields: ["file"], max: 1 });
  const fields = schema.safeParse(form.fields);
  if (!fields.success) {
    const issues = fields.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }));
    throw new AppError("VALIDATION_FAILED", undefined, { issues });
  }
  return { path: file.path, fields: fields.data as z.output<S> };
}

// Session users only: a key sends stays one by one through the stays API.
export function registerStayImportRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/stays/import/preview",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags,
        summary: "What importing a stays CSV (field `file`, with `locale` and `dateOrder`) would do; writes nothing",
        consumes: ["multipart/form-data"],
        response: { 200: StayImportResponse },
      },
    },
    async (request) => {
      const { accountId } = requireCaller(request);
      const { path, fields } = await receiveImport(request, StayImportPreviewFields);
      return previewStayImport(ctx, accountId, path, fields);
    },
  );

  app.post(
    "/api/stays/import",
    {
      config: { permission: "properties:manage" },
      schema: {
        tags,
        summary: "Import the stays CSV a preview showed (the same file, with its `digest`); 409 if the outcomes moved",
        consumes: ["multipart/form-data"],
        response: { 200: StayImportResponse },
      },
    },
    async (request) => {
      const { accountId } = requireCaller(request);
      const { path, fields } = await receiveImport(request, StayImportApplyFields);
      return applyStayImport(ctx, accountId, path, fields);
    },
  );
}
