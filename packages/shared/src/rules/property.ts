import { WEBLINK_MAX_LENGTH, WEBLINK_MIN_LENGTH } from "../constants.ts";

/** Words a weblink may not be: they are or may become our own paths (OPEN-37). */
export const RESERVED_WEBLINKS: ReadonlySet<string> = new Set([
  "api",
  "admin",
  "www",
  "login",
  "logout",
  "help",
  "support",
  "files",
  "assets",
  "static",
  "app",
  "g",
  "q",
  "r",
  "guide",
  "guides",
  "preview",
  "dashboard",
  "account",
  "settings",
  "properties",
  "property",
  "signup",
  "sign-up",
  "create-account",
  "try-free",
  "welcome",
  "partners",
  "subscription",
  "billing",
  "mail",
  "email",
  "doorstep",
]);

/** Suggests a weblink from a guide name (PROP-08): lower-case, non-alphanumerics → "-", repeats collapsed. */
export function suggestWeblink(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, WEBLINK_MAX_LENGTH);
}

/** A random 6-digit number: the initial PropertyID suggestion (PROP-08, XCUT-52). */
export function randomPropertyId(random: () => number = Math.random): string {
  return String(100000 + Math.floor(random() * 900000));
}

export type WeblinkProblem = "characters" | "length" | "reserved";

/** Checks a weblink's form (PROP-09, OPEN-37); uniqueness is the server's. Null when fine. */
export function checkWeblink(weblink: string): WeblinkProblem | null {
  if (!/^[a-z0-9-]*$/.test(weblink)) return "characters";
  if (weblink.length < WEBLINK_MIN_LENGTH || weblink.length > WEBLINK_MAX_LENGTH) return "length";
  if (RESERVED_WEBLINKS.has(weblink)) return "reserved";
  return null;
}

export type InactiveReason = "subscription" | "deactivated" | "hidden";

export interface LiveInput {
  subscriptionActiveUser: boolean;
  subscriptionActiveSystem: boolean;
  active: boolean;
  published: boolean;
}

/**
 * Why a property is not live, by the precedence of OPEN-41 (subscription ended > deactivated > hidden),
 * or null when it is live (PROP-17).
 */
export function inactiveReason(input: LiveInput): InactiveReason | null {
  if (!input.subscriptionActiveUser || !input.subscriptionActiveSystem) return "subscription";
  if (!input.active) return "deactivated";
  if (!input.published) return "hidden";
  return null;
}

export interface CompletenessInput {
  title: string | null;
  coverImageUrl: string | null;
  formattedAddress: string | null;
  displayAddress: string | null;
  hexPrimary: string | null;
  hexSecondary: string | null;
  companyProfile: boolean;
}

/** Basic Setup is complete (SETUP-20) with title, cover, address, display address and a colour or company branding. */
export function isBasicSetupComplete(p: CompletenessInput): boolean {
  return Boolean(
    p.title &&
    p.coverImageUrl &&
    p.formattedAddress &&
    p.displayAddress &&
    (p.hexPrimary || p.hexSecondary || p.companyProfile),
  );
}

/** #RRGGBB (SETUP-19, CO-05). */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of a #RRGGBB colour (WCAG), 0 = black … 1 = white. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** True for white or very light colours that the guidance of SETUP-19 warns against. */
export function isVeryLightColour(hex: string): boolean {
  return HEX_COLOUR.test(hex) && luminance(hex) > 0.8;
}

/** A what3words address: three words of letters joined by dots, without the "///" prefix (SETUP-14). */
export const THREE_WORDS = /^\p{L}+\.\p{L}+\.\p{L}+$/u;

/** A 6-digit numeric passcode (PROP-24). */
export const PASSCODE_PATTERN = /^\d{6}$/;
