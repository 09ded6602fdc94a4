import type { AppContext } from "../../app-context.ts";

/**
 * Reports are written together: every FLUSH_MS, or at once when this many are waiting. Sizes here count a
 * buffer's `weight` (rows for the database: a section beacon weighs as many as the events it holds), not
 * the entries queued.
 */
const FLUSH_MS = 1_000;
const FLUSH_AT = 5_000;
/**
 * Rows per statement. On PGlite a statement runs on the server's own thread and holds the event loop for its
 * whole length, so a flush is cut into statements of this size with the loop let go between them: a guide
 * read waits for one small statement, never for a second's worth of reports. When a backlog builds up (more
 * than FLUSH_AT waiting: the database is not keeping up), statements take FLUSH_AT rows, which costs less
 * per row, so the backlog drains rather than growing until reports are dropped.
 */
const BATCH = 1_000;
/** Past this many waiting reports (a database outage), new ones are dropped rather than filling memory. */
const MAX_WAITING = 100_000;

interface State<T> {
  waiting: T[];
  /** The waiting entries' total weight. */
  weight: number;
  timer: NodeJS.Timeout | null;
  draining: boolean;
  /** A flush is chained and has not started draining yet. */
  pending: boolean;
  flushing: Promise<void>;
  /** Rows dropped since the buffer filled: logged once when it has room again, not once per request. */
  dropped: number;
}

export interface ReportBuffer<T> {
  /** Queues rows; false when the buffer is full and they were dropped. */
  queue(ctx: AppContext, rows: readonly T[]): boolean;
  /** Writes every waiting row now (tests, shutdown); resolves once they are written. */
  flush(ctx: AppContext): Promise<void>;
}

/**
 * An in-memory write buffer for what the guest guide reports (visits, section beacons): rows wait for at most
 * a second and are written by `write` in a few statements, so ingest costs a guide's readers little. Flushes
 * run one at a time; a failed batch is logged and dropped, never retried for ever: these are counts, and the
 * guide must not pay for an outage. One buffer per running app (tests build several apps in one process).
 */
export function createReportBuffer<T>(
  name: string,
  write: (ctx: AppContext, batch: T[]) => Promise<unknown>,
  /** How many rows an entry writes (1 unless given): the sizes above count these. */
  weightOf: (row: T) => number = () => 1,
): ReportBuffer<T> {
  const states = new WeakMap<AppContext, State<T>>();
  const stateOf = (ctx: AppContext) => {
    let state = states.get(ctx);
    if (!state) {
      state = {
        waiting: [],
        weight: 0,
        timer: null,
        draining: false,
        pending: false,
        flushing: Promise.resolve(),
        dropped: 0,
      };
      states.set(ctx, state);
    }
    return state;
  };

  /** The oldest entries up to `limit` rows' weight (always at least one), removed from the buffer. */
  function take(state: State<T>, limit: number): T[] {
    let count = 0;
    let weight = 0;
    while (count < state.waiting.length) {
      const next = weightOf(state.waiting[count]!);
      if (count > 0 && weight + next > limit) break;
      weight += next;
      count++;
    }
    state.weight -= weight;
    return state.waiting.splice(0, count);
  }

  async function drain(ctx: AppContext, state: State<T>) {
    state.draining = true;
    try {
      while (state.waiting.length > 0) {
        const batch = take(state, state.weight > FLUSH_AT ? FLUSH_AT : BATCH);
        try {
          await write(ctx, batch);
        } catch (err) {
          ctx.log.error({ err, rows: batch.length }, `${name} could not be written`);
        }
        if (state.waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      state.draining = false;
    }
  }

  function flush(ctx: AppContext): Promise<void> {
    const state = stateOf(ctx);
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    state.pending = true;
    state.flushing = state.flushing.then(() => {
      state.pending = false;
      return drain(ctx, state);
    });
    return state.flushing;
  }

  function queue(ctx: AppContext, rows: readonly T[]): boolean {
    const state = stateOf(ctx);
    if (state.weight >= MAX_WAITING) {
      if (state.dropped === 0) ctx.log.warn(`${name} dropped: the write buffer is full`);
      for (const row of rows) state.dropped += weightOf(row);
      return false;
    }
    if (state.dropped > 0) {
      ctx.log.warn({ rows: state.dropped }, `${name} dropped while the write buffer was full`);
      state.dropped = 0;
    }
    for (const row of rows) {
      state.waiting.push(row);
      state.weight += weightOf(row);
    }
    // A flush under way (or about to start) takes what arrives meanwhile; one more starts only when none is.
    if (state.weight >= FLUSH_AT && !state.draining && !state.pending) void flush(ctx);
    else if (!state.timer) state.timer = setTimeout(() => void flush(ctx), FLUSH_MS).unref();
    return true;
  }

  return { queue, flush };
}
