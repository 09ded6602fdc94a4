import { pdfPosterPrints } from "@doorstep/shared/rules/poster";
import sharp from "sharp";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { inImageSlot } from "../../lib/images.ts";
import { guideUrl, qrTarget } from "../../lib/urls.ts";
import type { Paper, PosterInput } from "./poster.ts";
import { getCompanyBrand, getOwnedProperty } from "./property.service.ts";

// Wide enough for a sharp print across A4 at about 190 dpi, small enough to keep the file light.
const COVER_PRINT_WIDTH = 1600;

/**
 * What the printable poster of one of the caller's properties shows (PROP-23): its cover as JPEG,
 * title, QR code of the stable /q/ address, the guide's web link, whether a passcode is set (the poster only
 * says to ask for it), and the brand: the company's when the property uses the company profile.
 */
export async function getPosterInput(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  paper: Paper,
): Promise<PosterInput & { propertyId: string }> {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  const company = property.companyProfile ? await getCompanyBrand(ctx, caller.accountId) : null;
  return {
    propertyId: property.propertyId,
    qrUrl: qrTarget(ctx, property.propertyId),
    webLink: guideUrl(ctx, property.propertyId),
    title: property.title,
    brand: company?.brandName ?? "Doorstep",
    colour: (property.companyProfile ? company?.hexPrimary : property.hexPrimary) ?? property.hexPrimary,
    coverJpeg: await coverForPrint(ctx, property.coverKey),
    protectedByPasscode: property.passcodeEncrypted !== null,
    paper,
  };
}

/**
 * The poster's input for the PDF, which prints Latin, Greek and Cyrillic only (`pdfPosterPrints`): a title in
 * another script is refused with a message that points to the SVG poster, never printed as empty boxes; a brand
 * name it cannot print is left off the footer (the SVG poster has it).
 */
export async function getPdfPosterInput(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  paper: Paper,
): Promise<PosterInput & { propertyId: string }> {
  const poster = await getPosterInput(ctx, caller, propertyId, paper);
  if (!pdfPosterPrints(poster.title)) throw new AppError("POSTER_UNPRINTABLE");
  return pdfPosterPrints(poster.brand) ? poster : { ...poster, brand: "" };
}

/** The stored cover (WebP) as a JPEG both SVG viewers and PDF take; null when there is none or it cannot be read. */
async function coverForPrint(ctx: AppContext, coverKey: string | null): Promise<Buffer | null> {
  if (!coverKey) return null;
  const stored = await ctx.storage.get(coverKey);
  if (!stored) return null;
  try {
    return await inImageSlot(() =>
      sharp(stored.body)
        .resize({ width: COVER_PRINT_WIDTH, withoutEnlargement: true })
        .jpeg({ quality: 82 })
        .toBuffer(),
    );
  } catch {
    return null;
  }
}
