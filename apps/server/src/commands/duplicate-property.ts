import type { DuplicatePropertyRequest, PropertyCopyDto } from "@doorstep/shared/schemas/property-copies";
import type { AppContext, Caller } from "../app-context.ts";
import { recordAudit } from "../features/audit/audit.service.ts";
import { syncBilledQuantity } from "../features/billing/billed-quantity.service.ts";
import { copyGuideContent, countGuideCopySteps } from "../features/content/content-copy.service.ts";
import { copyLocalArea } from "../features/local-area/local-places.service.ts";
import { createPropertyCopy, getOwnedGuideProperty } from "../features/properties/property.service.ts";
import {
  claimStalePropertyCopies,
  finishPropertyCopy,
  getPropertyCopy,
  recordPropertyCopy,
  reopenFailedPropertyCopy,
  setPropertyCopyProgress,
  trackPropertyCopy,
  type PropertyCopyJob,
} from "../features/property-copies/property-copy.service.ts";
import { inTransaction } from "./transaction.ts";
import { purgeAccountGuides } from "../lib/guide-purge.ts";

/** Copies per account per minute: a person duplicates a few guides; a script is held back. */
const RATE = { max: 20, windowMs: 60_000 };

/** Copies the local area, then the guide's content (whose last step reports the copy complete). */
async function runCopy(ctx: AppContext, job: PropertyCopyJob): Promise<void> {
  const from = { id: job.sourceId, accountId: job.accountId };
  const to = { id: job.targetId, accountId: job.accountId };
  try {
    await copyLocalArea(ctx, from, to);
    await copyGuideContent(ctx, from, to, (done, total) => setPropertyCopyProgress(ctx, job.id, done, total));
    await finishPropertyCopy(ctx, job.id, "done");
  } catch (err) {
    ctx.log.error({ err, copyId: job.id }, "a guide copy failed");
    await finishPropertyCopy(ctx, job.id, "failed").catch(() => undefined);
  }
  // The copy's content arrived after the request that started it (decision 059).
  await purgeAccountGuides(ctx, job.accountId);
}

const runInBackground = (ctx: AppContext, job: PropertyCopyJob) => trackPropertyCopy(ctx, () => runCopy(ctx, job));

/**
 * Duplicate a guide: the new property, its copy's record and the audit line are one transaction;
 * then the new property is billed like any other (IMPL-15) and its content is copied in the background, with
 * progress the page polls.
 */
export async function duplicateProperty(
  ctx: AppContext,
  caller: Caller,
  sourcePropertyId: string,
  input: DuplicatePropertyRequest,
): Promise<PropertyCopyDto> {
  await ctx.rateLimiter.consume("property-copy", caller.accountId, RATE);
  const source = await getOwnedGuideProperty(ctx, caller, sourcePropertyId);
  const job = await inTransaction(ctx, async (tx) => {
    const target = await createPropertyCopy(tx, caller, source, input);
    const total = await countGuideCopySteps(tx, source);
    const recorded = await recordPropertyCopy(tx, caller, { sourceId: source.id, targetId: target.id, total });
    await recordAudit(tx, caller, "duplicate-property", [
      { subject: target.propertyId, details: { from: source.propertyId, title: target.title } },
    ]);
    return recorded;
  });
  await syncBilledQuantity(ctx, caller.accountId); // never throws
  runInBackground(ctx, job);
  return getPropertyCopy(ctx, caller, job.id);
}

/** Starts one of the caller's failed copies over (the new property's content is cleared first). */
export async function retryPropertyCopy(ctx: AppContext, caller: Caller, id: string): Promise<PropertyCopyDto> {
  const job = await reopenFailedPropertyCopy(ctx, caller, id);
  if (job) runInBackground(ctx, job);
  return getPropertyCopy(ctx, caller, id);
}

/** Job: takes up copies whose server stopped mid-way; returns how many. */
export async function resumeStalePropertyCopies(ctx: AppContext, batch = 5): Promise<number> {
  const claimed = await claimStalePropertyCopies(ctx, batch);
  for (const job of claimed) runInBackground(ctx, job);
  return claimed.length;
}
