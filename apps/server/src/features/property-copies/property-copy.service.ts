import type { DuplicatePropertyRequest, PropertyCopyDto } from "@doorstep/shared/schemas/property-copies";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { copyGuideContent, countGuideCopySteps } from "../content/content-copy.service.ts";
import { copyLocalArea } from "../local-area/local-places.service.ts";
import { createPropertyCopy, getOwnedGuideProperty } from "../properties/property.service.ts";
import {
  claimStaleCopies,
  findPropertyCopy,
  insertPropertyCopy,
  reopenFailedCopy,
  setCopyProgress,
  setCopyStatus,
  type PropertyCopyRow,
} from "./property-copy.repository.ts";

/** Copies per account per minute: a person duplicates a few guides; a script is held back. */
const RATE = { max: 20, windowMs: 60_000 };
/** A running copy whose heartbeat is older than this lost its server; another instance takes it up. */
export const COPY_STALE_MS = 60_000;

/** Copies running in this process, so a shutdown (and a test) can wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

function runInBackground(ctx: AppContext, row: PropertyCopyRow): void {
  const set = running.get(ctx) ?? new Set();
  running.set(ctx, set);
  const work = runCopy(ctx, row).finally(() => set.delete(work));
  set.add(work);
}

/** Waits for every copy this process is running (shutdown, tests). */
export async function settlePropertyCopies(ctx: AppContext): Promise<void> {
  while ((running.get(ctx)?.size ?? 0) > 0) await Promise.allSettled([...running.get(ctx)!]);
}

async function runCopy(ctx: AppContext, row: PropertyCopyRow): Promise<void> {
  try {
    // The local area first: the content's last step reports the copy complete.
    await copyLocalArea(
      ctx,
      { id: row.sourceId, accountId: row.accountId },
      { id: row.targetId, accountId: row.accountId },
    );
    await copyGuideContent(
      ctx,
      { id: row.sourceId, accountId: row.accountId },
      { id: row.targetId, accountId: row.accountId },
      (done, total) => setCopyProgress(ctx.db, row.id, done, total, ctx.now()),
    );
    await setCopyStatus(ctx.db, row.id, "done", ctx.now());
  } catch (err) {
    ctx.log.error({ err, copyId: row.id }, "a guide copy failed");
    await setCopyStatus(ctx.db, row.id, "failed", ctx.now()).catch(() => undefined);
  }
}

async function toDto(ctx: AppContext, caller: Caller, id: string): Promise<PropertyCopyDto> {
  const found = await findPropertyCopy(ctx.db, caller.accountId, id);
  if (!found) throw notFound("Copy not found");
  const { copy } = found;
  return {
    id: copy.id,
    status: copy.status,
    done: copy.done,
    total: copy.total,
    propertyId: found.propertyId,
    title: found.title,
  };
}

/**
 * Duplicate a guide: the new property is made at once (its weblink checked like create, billed like
 * any other), then its content is copied in the background with progress the page polls. Audited.
 */
export async function startPropertyCopy(
  ctx: AppContext,
  caller: Caller,
  sourcePropertyId: string,
  input: DuplicatePropertyRequest,
): Promise<PropertyCopyDto> {
  await ctx.rateLimiter.consume("property-copy", caller.accountId, RATE);
  const source = await getOwnedGuideProperty(ctx, caller, sourcePropertyId);
  const target = await createPropertyCopy(ctx, caller, source, input);
  const now = ctx.now();
  const row = await insertPropertyCopy(ctx.db, {
    accountId: caller.accountId,
    sourceId: source.id,
    targetId: target.id,
    status: "running",
    done: 0,
    total: await countGuideCopySteps(ctx, source),
    claimedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(ctx, caller, "duplicate-property", [
    { subject: target.propertyId, details: { from: source.propertyId, title: target.title } },
  ]);
  runInBackground(ctx, row);
  return toDto(ctx, caller, row.id);
}

export function getPropertyCopy(ctx: AppContext, caller: Caller, id: string): Promise<PropertyCopyDto> {
  return toDto(ctx, caller, id);
}

/** Starts a failed copy over (the new property's content is cleared first). */
export async function retryPropertyCopy(ctx: AppContext, caller: Caller, id: string): Promise<PropertyCopyDto> {
  const row = await reopenFailedCopy(ctx.db, caller.accountId, id, ctx.now());
  if (row) runInBackground(ctx, row);
  return toDto(ctx, caller, id);
}

/** Job: takes up copies whose server stopped mid-way; returns how many. */
export async function resumeStalePropertyCopies(ctx: AppContext, batch = 5): Promise<number> {
  const now = ctx.now();
  const claimed = await claimStaleCopies(ctx.db, new Date(now.getTime() - COPY_STALE_MS), now, batch);
  for (const row of claimed) runInBackground(ctx, row);
  return claimed.length;
}
