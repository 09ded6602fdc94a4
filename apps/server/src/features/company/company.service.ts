import type { CompanyDto, CreateCompanyRequest, UpdateCompanyRequest } from "@doorstep/shared/schemas/company";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { deleteStoredFile, storeImage } from "../../lib/uploads.ts";
import { fileUrl } from "../../lib/urls.ts";
import {
  findCompanyByAccount,
  insertCompany,
  updateCompany as updateCompanyRow,
  type CompanyRow,
} from "./company.repository.ts";

/** The two images a company has: its logo and the guide's home-screen icon (CO-01). */
export type CompanyImage = "logo" | "icon";
const IMAGE_COLUMN = { logo: "logoKey", icon: "iconKey" } as const satisfies Record<CompanyImage, keyof CompanyRow>;

/** The company as the dashboard sees it (CO-02). */
export function toCompanyDto(row: CompanyRow): CompanyDto {
  return {
    brandName: row.brandName,
    logoUrl: fileUrl(row.logoKey),
    homeScreenIconUrl: fileUrl(row.iconKey),
    hexPrimary: row.hexPrimary,
    hexSecondary: row.hexSecondary,
    backgroundHex: row.backgroundHex,
    fontHex: row.fontHex,
    website: row.website,
    pms: row.pms,
  };
}

async function requireCompany(ctx: AppContext, caller: Caller): Promise<CompanyRow> {
  const company = await findCompanyByAccount(ctx.db, caller.accountId);
  if (!company) throw notFound("company-profile");
  return company;
}

/** The caller's company profile, or null when the account has none yet (CO-03, CO-06). */
export async function getCompany(ctx: AppContext, caller: Caller): Promise<CompanyDto | null> {
  const company = await findCompanyByAccount(ctx.db, caller.accountId);
  return company ? toCompanyDto(company) : null;
}

/** Creates the caller's company from its brand name; an account has at most one (CO-04, OPEN-49). */
export async function createCompany(ctx: AppContext, caller: Caller, input: CreateCompanyRequest): Promise<CompanyDto> {
  const company = await insertCompany(ctx.db, caller.accountId, input.brandName);
  if (!company) throw new AppError("COMPANY_EXISTS");
  return toCompanyDto(company);
}

/** Updates brand name, colours, website or PMS; the shared schema validated hex colours and the URL (CO-05). */
export async function updateCompany(ctx: AppContext, caller: Caller, patch: UpdateCompanyRequest): Promise<void> {
  if (!(await updateCompanyRow(ctx.db, caller.accountId, patch))) throw notFound("company-profile");
}

/**
 * Replaces the logo or home-screen icon (FILE-04/05). The company must exist before the upload is read;
 * the replaced file is deleted.
 */
export async function replaceCompanyImage(
  ctx: AppContext,
  caller: Caller,
  image: CompanyImage,
  readUpload: () => Promise<ReceivedFile>,
): Promise<void> {
  const company = await requireCompany(ctx, caller);
  const upload = await readUpload();
  const column = IMAGE_COLUMN[image];
  const key = await storeImage(ctx, `accounts/${caller.accountId}/company`, image, upload);
  await updateCompanyRow(ctx.db, caller.accountId, { [column]: key });
  await deleteStoredFile(ctx, company[column]);
}

/** Removes the logo or icon: the field is cleared and the file deleted (FILE-05). */
export async function deleteCompanyImage(ctx: AppContext, caller: Caller, image: CompanyImage): Promise<void> {
  const company = await requireCompany(ctx, caller);
  const column = IMAGE_COLUMN[image];
  if (!company[column]) return;
  await updateCompanyRow(ctx.db, caller.accountId, { [column]: null });
  await deleteStoredFile(ctx, company[column]);
}
