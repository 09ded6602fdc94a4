import { createHash } from "node:crypto";
import { IDEMPOTENCY_KEY_MAX } from "@doorstep/shared/schemas/api-keys";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  completeIdempotencyKeyRecord,
  deleteIdempotencyBefore,
  deleteIdempotencyClaim,
  findIdempotencyRecord,
  insertIdempotencyClaim,
  retakeIdempotencyClaim,
} from "./api-key-idempotency.repository.ts";

const HOUR = 3_600_000;
/** How long a replay answers with the first response (decision 039). */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR;
/**
 * A claim whose request has not completed after this long was left by a process that died mid-request (a
 * request is answered or fails well within it): a retry may take it over rather than wait a day.
 */
export const IDEMPOTENCY_STALE_MS = 5 * 60_000;
// Visible ASCII, as the IETF draft and Stripe take it.
const KEY_FORMAT = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** What a write with an Idempotency-Key does: run (holding the claim) or answer with the first response. */
export type IdempotencyOutcome = { kind: "run"; claimId: string } | { kind: "replay"; status: number; body: string };

/** The fingerprint of a request: the same key may only ever repeat the same method, path and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * Claims `idempotencyKey` for the account before the handler runs, or finds the first response. Throws
 * IDEMPOTENCY_KEY_REUSED for the same key with another request, IDEMPOTENCY_IN_PROGRESS while the first runs.
 */
export async function claimIdempotencyKey(
  ctx: AppContext,
  accountId: string,
  idempotencyKey: string,
  requestHash: string,
): Promise<IdempotencyOutcome> {
  if (!KEY_FORMAT.test(idempotencyKey)) throw new AppError("IDEMPOTENCY_KEY_FORMAT", { max: IDEMPOTENCY_KEY_MAX });
  const now = ctx.now();
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimId = await insertIdempotencyClaim(ctx.db, { accountId, idempotencyKey, requestHash, createdAt: now });
    if (claimId) return { kind: "run", claimId };
    const found = await findIdempotencyRecord(ctx.db, accountId, idempotencyKey);
    if (!found) continue; // deleted between the two statements (expired, or its request failed): claim again
    const age = now.getTime() - found.createdAt.getTime();
    const expired = age >= IDEMPOTENCY_TTL_MS;
    const abandoned = found.completedAt === null && age >= IDEMPOTENCY_STALE_MS;
    if (expired || abandoned) {
      if (await retakeIdempotencyClaim(ctx.db, found, requestHash, now)) return { kind: "run", claimId: found.id };
      continue;
    }
    if (found.requestHash !== requestHash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
    if (found.completedAt === null || found.responseStatus === null) throw new AppError("IDEMPOTENCY_IN_PROGRESS");
    return { kind: "replay", status: found.responseStatus, body: found.responseBody ?? "" };
  }
  throw new AppError("IDEMPOTENCY_IN_PROGRESS");
}

/** Keeps the response a replay answers with. */
export async function completeIdempotencyKey(
  ctx: AppContext,
  claimId: string,
  response: { status: number; body: string },
): Promise<void> {
  await completeIdempotencyKeyRecord(ctx.db, claimId, { ...response, at: ctx.now() });
}

/** Gives the key back after a failure the client should retry (a 5xx): the retry runs the handler again. */
export async function releaseIdempotencyKey(ctx: AppContext, claimId: string): Promise<void> {
  await deleteIdempotencyClaim(ctx.db, claimId);
}

/** Housekeeping job: deletes records older than 24 hours, in batches. */
export async function purgeIdempotencyRecords(ctx: AppContext, batch = 1_000): Promise<number> {
  const before = new Date(ctx.now().getTime() - IDEMPOTENCY_TTL_MS);
  let total = 0;
  for (let n = batch; n === batch;) {
    n = await deleteIdempotencyBefore(ctx.db, before, batch);
    total += n;
  }
  return total;
}
