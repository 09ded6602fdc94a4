import { z } from "zod";
import { text } from "./text.ts";
import { ClearableText, HexColour, HttpUrl } from "./common.ts";

/** The account's company profile (CO-02). */
export const CompanyDto = z.object({
  brandName: text(),
  logoUrl: text().nullable(),
  homeScreenIconUrl: text().nullable(),
  hexPrimary: text().nullable(),
  hexSecondary: text().nullable(),
  backgroundHex: text().nullable(),
  fontHex: text().nullable(),
  website: text().nullable(),
  pms: text().nullable(),
});
export type CompanyDto = z.infer<typeof CompanyDto>;

export const CompanyResponse = z.object({ company: CompanyDto.nullable() });
export type CompanyResponse = z.infer<typeof CompanyResponse>;

export const CreateCompanyRequest = z.object({ brandName: text().trim().min(1).max(120) });
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequest>;

export const UpdateCompanyRequest = z
  .object({
    brandName: text().trim().min(1).max(120),
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
