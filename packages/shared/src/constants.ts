/** Client build version the server reports for the reload check (XCUT-46, AUTH-10). */
export const CLIENT_VERSION = "42.2.0";

/** System id for system content and categories (XCUT-49). */
export const SYSTEM_ID = 100000;

/** Default free-trial length in days (OPEN-01); the server setting TRIAL_DAYS overrides it. */
export const DEFAULT_TRIAL_DAYS = 14;

/** Timings in milliseconds (XCUT-50). */
export const TIMINGS = {
  copyConfirmationMs: 3000,
  passcodeErrorMs: 3000,
  duplicatePlaceMs: 2000,
  fileLoadedDelayMs: 2500,
  pageFadeMs: 100,
} as const;

/** Layout constants (XCUT-51). */
export const LAYOUT = {
  headerShrinkScrollPx: 100,
  narrowMaxWidthPx: 800,
} as const;

/** Recent properties shown on home (XCUT-56). */
export const RECENT_PROPERTIES_COUNT = 4;

/** Password policy bounds (OPEN-14). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Reset links live 60 minutes (OPEN-16). */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Auto-login tokens are short-lived (IMPL-21). */
export const LOGIN_TOKEN_TTL_MINUTES = 15;

/** Sessions: 7 days idle, 30 days absolute (docs/architecture.md §5). */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;

/** Name of the session cookie. */
export const SESSION_COOKIE = "ds_session";

/** Profile photo upload limit (OPEN-56: images ≤ 10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Widths at which uploaded images are served (FILE-10, D1§9), plus larger ones for the guide. */
export const IMAGE_WIDTHS = [35, 80, 100, 105, 150, 300, 450, 600, 750, 900, 1200] as const;

/** The guide cover's srcset widths: made when the cover is uploaded, since it is the guide's largest paint. */
export const COVER_IMAGE_WIDTHS = [450, 600, 750, 900, 1200] as const;

/** Passcode length (XCUT-56). */
export const PASSCODE_LENGTH = 6;

/** Weblink (PropertyID) length bounds (OPEN-37). */
export const WEBLINK_MIN_LENGTH = 3;
export const WEBLINK_MAX_LENGTH = 60;

/** Map constants (XCUT-53). */
export const MAP = {
  defaultCentre: { lat: 52.689, lng: -1.64 },
  manualZoom: 5,
  previewZoom: 16,
  boxPx: 300,
} as const;

/** Theme labels (XCUT-55); "str" is the fallback (CONT-05). */
export const THEME_LABELS = ["default", "custom", "city", "countryside", "seaside"] as const;
export const DEFAULT_LANGUAGE = "en";

/** Page size of the properties list. */
export const PROPERTIES_PAGE_SIZE = 24;
