import { copy } from "@doorstep/shared/copy";
import { BULK_KEYS, bulkPatch, findBulkKey, parsePropertyIds, type BulkKey } from "@doorstep/shared/rules/bulk-updates";
import type { BulkUpdateRequest, BulkUpdateResult } from "@doorstep/shared/schemas/bulk-updates";
import { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { AppError } from "../../lib/app-error.ts";
import {
  checkPropertyEdit,
  type EditableProperty,
  type EditRejection,
  type PropertyEdit,
} from "../properties/property-edit.service.ts";

const t = copy.bulkUpdates;

/** A bulk update's request, read: the detail, the weblinks (each once, in order) and the single-property edit. */
export interface BulkRequest {
  key: BulkKey;
  propertyIds: string[];
  patch: UpdatePropertyRequest;
}

/** One property's line of the plan (BULK-05); `before` and `after` are the detail as the page shows it. */
export type BulkLine =
  | { propertyId: string; outcome: "not-found" }
  | { propertyId: string; outcome: "unchanged"; title: string; before: string; after: string }
  | { propertyId: string; outcome: "update"; title: string; before: string; after: string; edit: PropertyEdit }
  | { propertyId: string; outcome: "rejected"; title: string; before: string; after: string; reason: EditRejection };

/**
 * Reads a bulk update (BULK-01…04, OPEN-50): the values become the single-property edit, checked by its schema,
 * so every rule of Basic Setup holds. What cannot apply to any property is a 400.
 */
export function readBulkRequest(input: BulkUpdateRequest): BulkRequest {
  const key = findBulkKey(input.key);
  if (!key) throw new AppError("BULK_KEY_UNKNOWN", undefined, { at: ["key"] });
  const made = bulkPatch(key, input.values);
  if ("error" in made) throw new AppError(made.error, undefined, { at: ["values"] });
  const checked = UpdatePropertyRequest.safeParse(made.patch);
  if (!checked.success) {
    // The schema's first issue as zod's code: the catalogue says why for this detail (BULK-02).
    const issue = checked.error.issues[0]?.code ?? "custom";
    throw new AppError("BULK_VALUE_INVALID", { key, issue }, { at: ["values"] });
  }
  return { key, propertyIds: parsePropertyIds(input.propertyIds), patch: checked.data };
}

/** The 400 for a manager that is not one of the caller's: the same manager is set on every property. */
export const unknownManagerError = () => new AppError("BULK_MANAGER_UNKNOWN", undefined, { at: ["values"] });

/** The edit as stored, the manager by the row id the caller resolved from its vanity id. */
export function bulkEdit(request: BulkRequest, managerId: string | null): PropertyEdit {
  const { managerVanityId, ...rest } = request.patch;
  const edit: PropertyEdit = {};
  for (const [field, value] of Object.entries(rest)) if (value !== undefined) Object.assign(edit, { [field]: value });
  if (managerVanityId) edit.managerId = managerId;
  return edit;
}

/** A detail as the page shows it, before and after. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : t.empty;
  if (typeof value === "boolean") return value ? t.on : t.off;
  if (value === null || value === undefined || value === "") return t.empty;
  return String(value);
}

/** Whether a property already holds an edit's value, compared as data (colours in any case, lists in order). */
function holds(field: keyof PropertyEdit, current: unknown, next: unknown): boolean {
  if (field === "languageTranslations") {
    const wanted = [...new Set((next as string[]).filter((c) => c !== "en"))];
    const have = current as string[];
    return have.length === wanted.length && have.every((c, i) => c === wanted[i]);
  }
  if (field === "hexPrimary" || field === "hexSecondary")
    return (current as string | null)?.toLowerCase() === (next as string | null)?.toLowerCase();
  return current === next;
}

/**
 * The whole bulk update decided before anything is written, without a database (BULK-05): per weblink, in
 * the order given, not found (not the caller's, indistinguishable from not existing), unchanged (already so:
 * applying twice changes nothing), rejected with the reason Basic Setup gives, or updated with the edit that
 * property gets (its languages kept consistent).
 */
export function planBulkUpdate(
  request: BulkRequest,
  edit: PropertyEdit,
  properties: Map<string, EditableProperty>,
  account: { hasCompany: boolean; managerVanityIds: Map<string, string> },
): BulkLine[] {
  const field = BULK_KEYS[request.key].field;
  const after = shown(request.patch[field]);
  return request.propertyIds.map((propertyId): BulkLine => {
    const property = properties.get(propertyId);
    if (!property) return { propertyId, outcome: "not-found" };
    const current =
      field === "managerVanityId"
        ? (property.managerId && account.managerVanityIds.get(property.managerId)) || null
        : property[field];
    const line = { propertyId, title: property.title, before: shown(current), after };
    const fields = Object.keys(edit) as (keyof PropertyEdit)[];
    if (fields.every((f) => holds(f, property[f], edit[f]))) return { ...line, outcome: "unchanged" };
    const checked = checkPropertyEdit(property, edit, account);
    if ("rejected" in checked) return { ...line, outcome: "rejected", reason: checked.rejected };
    return { ...line, outcome: "update", edit: checked.edit };
  });
}

/**
 * The page's result lines: a check says what would be updated; an applied run, what was (a property
 * deleted between the plan and its transaction is not found).
 */
export function bulkResults(
  lines: BulkLine[],
  applied: Set<string> | null,
  reasonText: (reason: EditRejection) => string,
): BulkUpdateResult[] {
  return lines.map((line): BulkUpdateResult => {
    const { propertyId } = line;
    const notFound = { propertyId, title: null, status: "not-found", before: null, after: null, reason: null } as const;
    if (line.outcome === "not-found") return notFound;
    const shownLine = { propertyId, title: line.title, before: line.before, after: line.after };
    if (line.outcome === "unchanged") return { ...shownLine, status: "unchanged", reason: null };
    if (line.outcome === "rejected") return { ...shownLine, status: "rejected", reason: reasonText(line.reason) };
    if (!applied) return { ...shownLine, status: "will-update", reason: null };
    return applied.has(propertyId) ? { ...shownLine, status: "updated", reason: null } : notFound;
  });
}
