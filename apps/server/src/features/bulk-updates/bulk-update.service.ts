import { copy } from "@doorstep/shared/copy";
import { BULK_KEYS, bulkPatch, findBulkKey, parsePropertyIds } from "@doorstep/shared/rules/bulk-updates";
import type { BulkUpdateRequest, BulkUpdateResponse, BulkUpdateResult } from "@doorstep/shared/schemas/bulk-updates";
import { UpdatePropertyRequest, type PropertyDto } from "@doorstep/shared/schemas/property";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit, type AuditChange } from "../audit/audit.service.ts";
import { getManagerIdByVanityId } from "../managers/manager.service.ts";
import { getPropertyDto, updateProperty } from "../properties/property.service.ts";

const t = copy.bulkUpdates;
/** Bulk requests per account per minute: a person checks and submits a few; a script is held back. */
const RATE = { max: 30, windowMs: 60_000 };

type Field = (typeof BULK_KEYS)[keyof typeof BULK_KEYS]["field"];

/** A detail as the page shows it, before and after. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : t.empty;
  if (typeof value === "boolean") return value ? t.on : t.off;
  if (value === null || value === undefined || value === "") return t.empty;
  return String(value);
}

function current(field: Field, property: PropertyDto): unknown {
  return field === "managerVanityId" ? (property.manager?.vanityId ?? null) : property[field];
}

const invalid = (message: string, path: string) =>
  new AppError("VALIDATION_FAILED", message, [{ path: [path], message }]);

/**
 * A bulk update (BULK-01…05, OPEN-50): one detail of many of the caller's properties. The values become the
 * single-property edit, checked by its schema and applied by the same service, so every rule of Basic Setup
 * holds; each property is updated on its own (one that is rejected never undoes the others) and reported:
 * will be updated / updated, unchanged (already so: applying twice changes nothing), not found (not the
 * caller's, indistinguishable from not existing), rejected with the reason. `apply` false changes nothing.
 */
export async function runBulkUpdate(
  ctx: AppContext,
  caller: Caller,
  input: BulkUpdateRequest,
): Promise<BulkUpdateResponse> {
  await ctx.rateLimiter.consume("bulk-update", caller.accountId, RATE);
  const key = findBulkKey(input.key);
  if (!key) throw invalid(t.unknownKey, "key");
  const made = bulkPatch(key, input.values);
  if ("error" in made) throw invalid(made.error, "values");
  const checked = UpdatePropertyRequest.safeParse(made.patch);
  if (!checked.success) throw invalid(checked.error.issues[0]?.message ?? t.unknownKey, "values");
  const patch = checked.data;
  const field = BULK_KEYS[key].field;
  const next = patch[field];
  // The same manager for every property: an id that is not one of the caller's managers fails the request.
  if (patch.managerVanityId) {
    await getManagerIdByVanityId(ctx, caller, patch.managerVanityId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === "NOT_FOUND" ? invalid(t.unknownManager, "values") : error;
    });
  }

  const results: BulkUpdateResult[] = [];
  const audited: AuditChange[] = [];
  try {
    for (const propertyId of parsePropertyIds(input.propertyIds)) {
      const property = await getPropertyDto(ctx, caller, propertyId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "NOT_FOUND") return null;
        throw error;
      });
      if (!property) {
        results.push({ propertyId, title: null, status: "not-found", before: null, after: null, reason: null });
        continue;
      }
      const line = { propertyId, title: property.title, before: shown(current(field, property)) };
      const after = shown(next);
      if (line.before === after) {
        results.push({ ...line, status: "unchanged", after, reason: null });
        continue;
      }
      if (!input.apply) {
        results.push({ ...line, status: "will-update", after, reason: null });
        continue;
      }
      try {
        await updateProperty(ctx, caller, propertyId, patch);
        results.push({ ...line, status: "updated", after, reason: null });
        audited.push({ subject: propertyId, details: { key, before: line.before, after } });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        if (error.code === "NOT_FOUND") {
          results.push({ propertyId, title: null, status: "not-found", before: null, after: null, reason: null });
        } else
          results.push({
            ...line,
            status: "rejected",
            after, // The whole message: a field's hint ("Tick this language…") speaks of a form the page does not show.
            reason: error.message !== error.code ? error.message : (error.issues?.[0]?.message ?? error.message),
          });
      }
    }
  } finally {
    // Whatever was applied is on record, even when an unexpected failure ends the run early.
    await recordAudit(ctx, caller, "bulk-update", audited);
  }
  return { key, applied: input.apply, results };
}
