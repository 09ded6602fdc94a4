import type { UpdatePropertyRequest } from "../schemas/property.ts";

/** At most this many properties per bulk request. */
export const MAX_BULK_PROPERTIES = 1000;

/**
 * The details a bulk update may change (BULK-04, OPEN-50): the list-valued one the seeds name and the
 * typed settings a manager changes across many flats, each mapped to the single-property edit's field so the
 * same schema and rules apply. `kind` says how the values text is read.
 */
export const BULK_KEYS = {
  LanguageTranslations: { field: "languageTranslations", kind: "list" },
  DefaultLanguage: { field: "defaultLanguage", kind: "one" },
  LinkedManager: { field: "managerVanityId", kind: "one" },
  CompanyBranding: { field: "companyProfile", kind: "boolean" },
  PrimaryColour: { field: "hexPrimary", kind: "colour" },
  SecondaryColour: { field: "hexSecondary", kind: "colour" },
  Published: { field: "published", kind: "boolean" },
  GuestMessages: { field: "inboundMessagingActive", kind: "boolean" },
} as const satisfies Record<
  string,
  { field: keyof UpdatePropertyRequest; kind: "list" | "one" | "boolean" | "colour" }
>;
export type BulkKey = keyof typeof BULK_KEYS;
export const BULK_KEY_NAMES = Object.keys(BULK_KEYS) as BulkKey[];

/** BULK-02: split on commas, trimmed, empties dropped (and, for ids, each once in its first place). */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

export function parsePropertyIds(text: string): string[] {
  return [...new Set(splitList(text))];
}

/** The key as typed: its name ("LanguageTranslations", any case) or the edit field's ("languageTranslations"). */
export function findBulkKey(typed: string): BulkKey | null {
  const wanted = typed.trim().toLowerCase();
  return (
    BULK_KEY_NAMES.find((key) => key.toLowerCase() === wanted || BULK_KEYS[key].field.toLowerCase() === wanted) ?? null
  );
}

const ON = new Set(["on", "true", "yes", "1"]);
const OFF = new Set(["off", "false", "no", "0"]);

/** Why a bulk update's values text cannot be read: an error code, its message in copy/api-errors.ts. */
export type BulkValuesError = "BULK_NO_VALUES" | "BULK_ONE_VALUE" | "BULK_ON_OR_OFF";

/**
 * The single-property edit a bulk update applies to each property, from the values text, or the code that
 * says why the values cannot be used. The edit is then checked by the edit's own schema.
 */
export function bulkPatch(
  key: BulkKey,
  valuesText: string,
): { patch: UpdatePropertyRequest } | { error: BulkValuesError } {
  const { field, kind } = BULK_KEYS[key];
  const values = splitList(valuesText);
  if (kind === "list") return { patch: { [field]: [...new Set(values)] } as UpdatePropertyRequest };
  if (values.length === 0) return { error: "BULK_NO_VALUES" };
  if (values.length > 1) return { error: "BULK_ONE_VALUE" };
  const value = values[0]!;
  if (kind === "boolean") {
    const lower = value.toLowerCase();
    if (!ON.has(lower) && !OFF.has(lower)) return { error: "BULK_ON_OR_OFF" };
    const on = ON.has(lower);
    // OPEN-51: the messaging tick box sets both directions together.
    if (field === "inboundMessagingActive")
      return { patch: { inboundMessagingActive: on, outboundMessagingActive: on } };
    return { patch: { [field]: on } as UpdatePropertyRequest };
  }
  if (kind === "colour" && value.toLowerCase() === "none") return { patch: { [field]: null } as UpdatePropertyRequest };
  return { patch: { [field]: value } as UpdatePropertyRequest };
}
