import type { PropertyCopyDto } from "@doorstep/shared/schemas/property-copies";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { getPropertyNameById } from "../properties/property.service.ts";
import {
  claimStaleCopies,
  findPropertyCopy,
  insertPropertyCopy,
  reopenFailedCopy,
  setCopyProgress,
  setCopyStatus,
  findCopyTargetRowId,
} from "./property-copy.repository.ts";

/** A running copy whose heartbeat is older than this lost its server; another instance takes it up. */
export const COPY_STALE_MS = 60_000;

/** A guide copy to run: from one property row of the account to another. */
export interface PropertyCopyJob {
  id: string;
  accountId: string;
  sourceId: string;
  targetId: string;
}

const toJob = (row: PropertyCopyJob): PropertyCopyJob => ({
  id: row.id,
  accountId: row.accountId,
  sourceId: row.sourceId,
  targetId: row.targetId,
});

/** Copies running in this process, so a shutdown (and a test) can wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** Runs a copy's work in the background of this process, counted until it settles. */
export function trackPropertyCopy(ctx: AppContext, work: () => Promise<void>): void {
  const set = running.get(ctx) ?? new Set();
  running.set(ctx, set);
  const done = work().finally(() => set.delete(done));
  set.add(done);
}

/** Waits for every copy this process is running (shutdown, tests). */
export async function settlePropertyCopies(ctx: AppContext): Promise<void> {
  while ((running.get(ctx)?.size ?? 0) > 0) await Promise.allSettled([...running.get(ctx)!]);
}

/** Records a copy as running (its heartbeat now), with how many steps it takes. */
export async function recordPropertyCopy(
  ctx: AppContext,
  caller: Caller,
  copy: { sourceId: string; targetId: string; total: number },
): Promise<PropertyCopyJob> {
  const now = ctx.now();
  const row = await insertPropertyCopy(ctx.db, {
    accountId: caller.accountId,
    ...copy,
    status: "running",
    done: 0,
    claimedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return toJob(row);
}

/** A copy's progress as the page polls it, with the new property's weblink and name. */
export async function getPropertyCopy(ctx: AppContext, caller: Caller, id: string): Promise<PropertyCopyDto> {
  const copy = await findPropertyCopy(ctx.db, caller.accountId, id);
  const target = copy && (await getPropertyNameById(ctx, caller.accountId, copy.targetId));
  if (!copy || !target) throw notFound("property-copy");
  return { id: copy.id, status: copy.status, done: copy.done, total: copy.total, ...target };
}

/** Progress, which is also the heartbeat that keeps other instances from taking the copy up. */
export function setPropertyCopyProgress(ctx: AppContext, id: string, done: number, total: number): Promise<void> {
  return setCopyProgress(ctx.db, id, done, total, ctx.now());
}

/** Ends a copy, done or failed. */
export function finishPropertyCopy(ctx: AppContext, id: string, status: "done" | "failed"): Promise<void> {
  return setCopyStatus(ctx.db, id, status, ctx.now());
}

/** Marks one of the caller's failed copies as running again; null when it is not a failed copy of theirs. */
export async function reopenFailedPropertyCopy(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<PropertyCopyJob | null> {
  const row = await reopenFailedCopy(ctx.db, caller.accountId, id, ctx.now());
  return row && toJob(row);
}

/** Claims up to `batch` running copies whose server stopped mid-way (their heartbeat is stale). */
export async function claimStalePropertyCopies(ctx: AppContext, batch: number): Promise<PropertyCopyJob[]> {
  const now = ctx.now();
  const rows = await claimStaleCopies(ctx.db, new Date(now.getTime() - COPY_STALE_MS), now, batch);
  return rows.map(toJob);
}

/** The property row a copy of the account makes, or null: the permission hook's property scope (decision 056). */
export function copyPropertyRowId(ctx: AppContext, accountId: string, copyId: string): Promise<string | null> {
  return findCopyTargetRowId(ctx.db, accountId, copyId);
}
