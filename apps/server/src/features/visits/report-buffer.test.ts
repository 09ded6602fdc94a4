import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../../app-context.ts";
import { createReportBuffer } from "./report-buffer.ts";

/** Only what the buffer touches: the context is its key, and its log. */
function fakeContext() {
  const log = { warn: vi.fn(), error: vi.fn() };
  return { ctx: { log } as unknown as AppContext, log };
}

describe("report buffer (guide visits and section beacons)", () => {
  it("writes 1,000 rows per statement, 5,000 while a backlog waits, in order, and nothing is lost", async () => {
    const { ctx } = fakeContext();
    const sizes: number[] = [];
    const seen: number[] = [];
    const buffer = createReportBuffer<number>("rows", async (_ctx, batch) => {
      sizes.push(batch.length);
      seen.push(...batch);
    });
    buffer.queue(
      ctx,
      Array.from({ length: 2_500 }, (_, i) => i),
    );
    await buffer.flush(ctx);
    expect(sizes).toEqual([1_000, 1_000, 500]);

    sizes.length = 0;
    buffer.queue(
      ctx,
      Array.from({ length: 12_000 }, (_, i) => 2_500 + i),
    );
    await buffer.flush(ctx);
    expect(sizes).toEqual([5_000, 5_000, 1_000, 1_000]);
    expect(seen).toEqual(Array.from({ length: 14_500 }, (_, i) => i));
  });

  it("counts an entry by its weight: statements are cut at 1,000 rows of weight, and the limits count weight", async () => {
    const { ctx, log } = fakeContext();
    const batches: number[][] = [];
    // Each entry is its own weight (a beacon of that many events).
    const buffer = createReportBuffer<number>(
      "beacons",
      async (_ctx, batch) => {
        batches.push(batch);
      },
      (n) => n,
    );
    buffer.queue(ctx, [400, 400, 300, 1, 2_000, 5]);
    await buffer.flush(ctx);
    // 400 + 400 fit under 1,000; an entry heavier than a statement still goes, alone.
    expect(batches).toEqual([[400, 400], [300, 1], [2_000], [5]]);

    // 100 entries of 1,000 fill the 100,000 rows the buffer holds: the next is dropped.
    for (let i = 0; i < 100; i++) expect(buffer.queue(ctx, [1_000])).toBe(true);
    expect(buffer.queue(ctx, [7])).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await buffer.flush(ctx);
    expect(buffer.queue(ctx, [1])).toBe(true);
    expect(log.warn.mock.calls[1]![0]).toEqual({ rows: 7 });
  });

  it("drops what arrives past 100,000 waiting with one warning, says how many once it has room, and a failed batch is logged, not retried", async () => {
    const { ctx, log } = fakeContext();
    let fail = true;
    const written: number[] = [];
    const buffer = createReportBuffer<number>("rows", async (_ctx, batch) => {
      if (fail) throw new Error("database down");
      written.push(...batch);
    });
    // Queued synchronously: the flush that 5,000 waiting rows start cannot run before this loop ends.
    for (let i = 0; i < 110; i++)
      buffer.queue(
        ctx,
        Array.from({ length: 1_000 }, () => i),
      );
    expect(log.warn).toHaveBeenCalledTimes(1);
    await buffer.flush(ctx);
    expect(log.error).toHaveBeenCalled();
    expect(written).toEqual([]);

    fail = false;
    expect(buffer.queue(ctx, [1, 2, 3])).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(log.warn.mock.calls[1]![0]).toEqual({ rows: 10_000 });
    await buffer.flush(ctx);
    expect(written).toEqual([1, 2, 3]);
  });
});
