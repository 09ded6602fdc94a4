import { z } from "zod";
import { ClearableText, HexColour, HttpUrl } from "./common.ts";

/** The account's company profile (CO-02). */
export const CompanyDto = z.object({
  brandName: z.string(),
  logoUrl: z.string().nullable(),
  homeScreenIconUrl: z.string().nullable(),
  hexPrimary: z.string().nullable(),
  hexSecondary: z.string().nullable(),
  backgroundHex: z.string().nullable(),
  fontHex: z.string().nullable(),
  website: z.string().nullable(),
  pms: z.string().nullable(),
});
export type CompanyDto = z.infer<typeof CompanyDto>;

export const CompanyResponse = z.object({ company: CompanyDto.nullable() });
export type CompanyResponse = z.infer<typeof CompanyResponse>;

export const CreateCompanyRequest = z.object({ brandName: z.string().trim().min(1).max(120) });
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequest>;

export const UpdateCompanyRequest = z
  .object({
    brandName: z.string().trim().min(1).max(120),
    hexPrimary: HexColour.nullable(),
    hexSecondary: HexColour.nullable(),
    backgroundHex: HexColour.nullable(),
    fontHex: HexColour.nullable(),
    website: z
      .union([z.literal(""), HttpUrl])
      .transform((v) => (v === "" ? null : v))
      .nullable(),
    pms: ClearableText(120),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequest>;
