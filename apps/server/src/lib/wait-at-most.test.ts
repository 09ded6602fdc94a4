import { afterEach, describe, expect, it, vi } from "vitest";
import { waitAtMost } from "./wait-at-most.ts";

afterEach(() => void vi.useRealTimers());

describe("waitAtMost (decision 059: a translation arriving late purges the guide that did not wait)", () => {
  it("answers in time without calling onLate", async () => {
    const onLate = vi.fn();
    expect(await waitAtMost(Promise.resolve("fr"), 300, onLate)).toBe("fr");
    expect(onLate).not.toHaveBeenCalled();
  });

  it("answers null at the limit, then calls onLate when the work ends with a result, not when it ends empty", async () => {
    vi.useFakeTimers();
    let finish: (value: string | null) => void = () => undefined;
    const onLate = vi.fn();
    const answer = waitAtMost(new Promise<string | null>((resolve) => (finish = resolve)), 300, onLate);
    await vi.advanceTimersByTimeAsync(300);
    expect(await answer).toBeNull();
    finish("fr");
    await vi.advanceTimersByTimeAsync(0);
    expect(onLate).toHaveBeenCalledTimes(1);

    let empty: (value: string | null) => void = () => undefined;
    const quiet = vi.fn();
    const second = waitAtMost(new Promise<string | null>((resolve) => (empty = resolve)), 300, quiet);
    await vi.advanceTimersByTimeAsync(300);
    expect(await second).toBeNull();
    empty(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(quiet).not.toHaveBeenCalled();
  });
});
