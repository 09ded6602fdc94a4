import { HEX_COLOUR, luminance } from "@doorstep/shared/rules/property";
import type { GuideProperty } from "../features/properties/property-guide.service.ts";

const DEFAULT_PRIMARY = "#1F6F68";

export interface GuideTheme {
  primary: string;
  /** Text on the primary colour: black or white, whichever contrasts more (WCAG). */
  onPrimary: string;
  secondary: string;
  onSecondary: string;
  /** The company's loading-screen colours (GUIDE-12): the install splash and the brand bar. */
  background: string;
  onBackground: string;
  brandName: string | null;
  logoKey: string | null;
  iconKey: string | null;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Black or white text on `hex`, whichever is more legible. */
export function readableOn(hex: string): string {
  const l = luminance(hex);
  return contrast(l, 0) >= contrast(l, 1) ? "#000000" : "#ffffff";
}

/** `preferred` when it reaches 4.5:1 on `background` (WCAG AA), else black or white. */
export function legibleText(preferred: string | null, background: string): string {
  if (preferred && HEX_COLOUR.test(preferred) && contrast(luminance(preferred), luminance(background)) >= 4.5)
    return preferred;
  return readableOn(background);
}

const hex = (value: string | null | undefined) => (value && HEX_COLOUR.test(value) ? value : null);

/** The guide's colours and brand (GUIDE-12, CO-07): the company profile's when the property uses it. */
export function guideTheme(record: Pick<GuideProperty, "property" | "company">): GuideTheme {
  const company = record.property.companyProfile ? record.company : null;
  const primary =
    hex(company ? company.hexPrimary : record.property.hexPrimary) ??
    hex(record.property.hexPrimary) ??
    DEFAULT_PRIMARY;
  const secondary = hex(company ? company.hexSecondary : record.property.hexSecondary) ?? primary;
  const background = hex(company?.backgroundHex) ?? "#ffffff";
  return {
    primary,
    onPrimary: readableOn(primary),
    secondary,
    onSecondary: readableOn(secondary),
    background,
    onBackground: legibleText(hex(company?.fontHex), background),
    brandName: company?.brandName ?? null,
    logoKey: company?.logoKey ?? null,
    iconKey: company?.iconKey ?? null,
  };
}
