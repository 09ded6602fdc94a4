import type { RecordEngagementRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { isBot } from "./device.ts";
import { insertEngagementBatch, type EngagementEvent } from "./engagement.repository.ts";
import { findLiveProperty } from "./live-property.ts";

/** Events are written together: every FLUSH_MS, or at once when this many are waiting. */
const FLUSH_MS = 1_000;
const FLUSH_AT = 5_000;
/** Past this many waiting events (a database outage), new ones are dropped rather than filling memory. */
const MAX_WAITING = 100_000;

interface Buffer {
  waiting: EngagementEvent[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void>;
}

// One buffer per running app (tests build several apps in one process).
const buffers = new WeakMap<AppContext, Buffer>();

function bufferOf(ctx: AppContext): Buffer {
  let buffer = buffers.get(ctx);
  if (!buffer) {
    buffer = { waiting: [], timer: null, flushing: Promise.resolve() };
    buffers.set(ctx, buffer);
  }
  return buffer;
}

/**
 * Takes a guide's engagement beacon (section analytics): the top-level sections and items a session saw
 * and the page's language. Bots, unknown and inactive guides are ignored, as for visits; nothing about the
 * guest is kept but the random session id. Events wait in memory for at most a second and are written in
 * one statement per batch, so ingest costs the guide's readers little; returns how many were queued.
 */
export async function recordEngagement(
  ctx: AppContext,
  input: RecordEngagementRequest,
  userAgent: string | undefined,
): Promise<number> {
  if (isBot(userAgent)) return 0;
  const owner = await findLiveProperty(ctx, input.propertyId);
  if (!owner) return 0;
  const buffer = bufferOf(ctx);
  if (buffer.waiting.length >= MAX_WAITING) {
    ctx.log.warn("engagement events dropped: the write buffer is full");
    return 0;
  }
  const createdAt = ctx.now();
  const base = { accountId: owner.accountId, propertyId: owner.id, trackingSessionId: input.trackingSessionId };
  const keys: [EngagementEvent["kind"], string][] = [
    ["language", input.language],
    ...[...new Set(input.sections)].map((key): [EngagementEvent["kind"], string] => ["section", key]),
    ...[...new Set(input.items)].map((key): [EngagementEvent["kind"], string] => ["item", key]),
  ];
  for (const [kind, key] of keys) buffer.waiting.push({ ...base, kind, key, createdAt });
  if (buffer.waiting.length >= FLUSH_AT) void flushEngagement(ctx);
  else if (!buffer.timer) buffer.timer = setTimeout(() => void flushEngagement(ctx), FLUSH_MS).unref();
  return keys.length;
}

/**
 * Writes every waiting event now (tests, shutdown). Flushes run one at a time; a failed batch is logged and
 * dropped, never retried for ever: these are counts, and the guide must not pay for an outage.
 */
export function flushEngagement(ctx: AppContext): Promise<void> {
  const buffer = bufferOf(ctx);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  buffer.flushing = buffer.flushing.then(async () => {
    while (buffer.waiting.length > 0) {
      const batch = buffer.waiting.splice(0, FLUSH_AT);
      try {
        await insertEngagementBatch(ctx.db, batch);
      } catch (err) {
        ctx.log.error({ err, events: batch.length }, "engagement events could not be written");
      }
    }
  });
  return buffer.flushing;
}
