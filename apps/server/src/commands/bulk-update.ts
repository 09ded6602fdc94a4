import type { BulkUpdateRequest, BulkUpdateResponse } from "@doorstep/shared/schemas/bulk-updates";
import type { AppContext, Caller } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { purgeGuideCache } from "../lib/guide-purge.ts";
import { recordAudit } from "../features/audit/audit.service.ts";
import {
  bulkEdit,
  bulkResults,
  planBulkUpdate,
  readBulkRequest,
  unknownManagerError,
  type BulkLine,
} from "../features/bulk-updates/bulk-update.service.ts";
import { getManagerIdByVanityId, listManagerVanityIds } from "../features/managers/manager.service.ts";
import {
  applyPropertyEdits,
  editPurgesGuide,
  editRejectionError,
  loadEditableProperties,
} from "../features/properties/property-edit.service.ts";
import { getCompanyBrand } from "../features/properties/property.service.ts";
import { inTransaction } from "./transaction.ts";

/** Bulk requests per account per minute: a person checks and submits a few; a script is held back. */
const RATE = { max: 30, windowMs: 60_000 };
/** Properties written per transaction: a thousand-property update holds its row locks a fraction at a time. */
const BATCH = 250;

/**
 * POST /api/bulk-updates (BULK-01…05, OPEN-50): one detail of many of the caller's properties. The targets are
 * read in one statement and the whole update is planned before anything is written; `apply` false stops
 * there. Applied, each batch of updates is one transaction with its audit lines; a rejected property never
 * holds the others back; each changed guide's cached pages are purged once, after its batch commits.
 */
export async function runBulkUpdate(
  ctx: AppContext,
  caller: Caller,
  input: BulkUpdateRequest,
): Promise<BulkUpdateResponse> {
  await ctx.rateLimiter.consume("bulk-update", caller.accountId, RATE);
  const request = readBulkRequest(input);
  const vanityId = request.patch.managerVanityId;
  const managerId = vanityId
    ? await getManagerIdByVanityId(ctx, caller, vanityId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === "NOT_FOUND" ? unknownManagerError() : error;
      })
    : null;
  const edit = bulkEdit(request, managerId);
  const [properties, company, managerVanityIds] = await Promise.all([
    loadEditableProperties(ctx, caller, request.propertyIds),
    edit.companyProfile ? getCompanyBrand(ctx, caller.accountId) : null,
    request.key === "LinkedManager" ? listManagerVanityIds(ctx, caller) : new Map<string, string>(),
  ]);
  const plan = planBulkUpdate(request, edit, properties, { hasCompany: company !== null, managerVanityIds });
  const reasonText = (reason: Parameters<typeof editRejectionError>[0]) => editRejectionError(reason).message;
  if (!input.apply) return { key: request.key, applied: false, results: bulkResults(plan, null, reasonText) };

  const updates = plan.filter((line): line is Extract<BulkLine, { outcome: "update" }> => line.outcome === "update");
  const applied = new Set<string>();
  for (let i = 0; i < updates.length; i += BATCH) {
    const batch = updates.slice(i, i + BATCH);
    const updated = await inTransaction(ctx, async (tx) => {
      const done = await applyPropertyEdits(tx, caller, batch);
      const audited = batch.filter((line) => done.has(line.propertyId));
      await recordAudit(
        tx,
        caller,
        "bulk-update",
        audited.map((line) => ({
          subject: line.propertyId,
          details: { key: request.key, before: line.before, after: line.after },
        })),
      );
      return done;
    });
    for (const line of batch) {
      if (!updated.has(line.propertyId)) continue;
      applied.add(line.propertyId);
      if (editPurgesGuide(line.edit)) await purgeGuideCache(ctx, line.propertyId);
    }
  }
  // Many rows at once: the embedded database's statistics are refreshed shortly after (decision 048).
  ctx.maintenance.soon();
  return { key: request.key, applied: true, results: bulkResults(plan, applied, reasonText) };
}
