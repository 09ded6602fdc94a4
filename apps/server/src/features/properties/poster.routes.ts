import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../../app-context.ts";
import { requireCaller } from "../../plugins/auth.ts";
import { posterPdf, posterSvg } from "./poster.ts";
import { getPdfPosterInput, getPosterInput } from "./property-poster.service.ts";

const tags = ["properties"];
const Params = z.object({ propertyId: text().min(1).max(60) });
const download = (filename: string) => `attachment; filename="${filename}"`;

/** The printable poster's two routes, registered with the property routes. */
export function registerPosterRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // The printable poster on A4 or US Letter, as SVG (to edit or print) and as PDF (to print as it is).
  const PosterQuery = z.object({ paper: z.enum(["a4", "letter"]).default("a4") });
  app.get(
    "/api/properties/:propertyId/poster.svg",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Printable poster (SVG): cover, title, QR code, web link, passcode note (PROP-23)",
        params: Params,
        querystring: PosterQuery,
      },
    },
    async (request, reply) => {
      const { paper } = request.query;
      const poster = await getPosterInput(ctx, requireCaller(request), request.params.propertyId, paper);
      return reply
        .type("image/svg+xml")
        .header("Content-Disposition", download(`${poster.propertyId}-poster-${paper}.svg`))
        .header("Cache-Control", "private, no-store")
        .send(posterSvg(poster));
    },
  );

  app.get(
    "/api/properties/:propertyId/poster.pdf",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "Printable poster (PDF, one page on A4 or US Letter)",
        params: Params,
        querystring: PosterQuery,
      },
    },
    async (request, reply) => {
      const { paper } = request.query;
      const poster = await getPdfPosterInput(ctx, requireCaller(request), request.params.propertyId, paper);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", download(`${poster.propertyId}-poster-${paper}.pdf`))
        .header("Cache-Control", "private, no-store")
        .send(await posterPdf(poster));
    },
  );
}
