import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../app-context.ts";
import { startScheduler } from "./scheduler.ts";

describe("job scheduler", () => {
  it("runs each job on its interval, never twice at once, logs failures and waits for running jobs on stop", async () => {
    vi.useFakeTimers();
    const log = { debug: vi.fn(), error: vi.fn() };
    const ctx = { log } as unknown as AppContext;
    let runs = 0;
    let release: () => void = () => {};
    const stop = startScheduler(ctx, [
      {
        name: "slow",
        everyMs: 1000,
        run: () =>
          new Promise<void>((r) => {
            runs++;
            release = r;
          }),
      },
      { name: "broken", everyMs: 1000, run: () => Promise.reject(new Error("boom")) },
    ]);
    await vi.advanceTimersByTimeAsync(5000); // first tick
    await vi.advanceTimersByTimeAsync(3000); // three more ticks while "slow" still runs
    expect(runs).toBe(1);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: "broken" }), "job failed");
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    vi.useRealTimers();
  });
});
