import { describe, expect, it } from "vitest";
import { inImageSlot } from "./images.ts";

const opened = () => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Image decodes hold tens of MB each outside the JS heap, so they run one at a time (decision 038). */
describe("image jobs", () => {
  it("run one at a time, in the order they came", async () => {
    const events: string[] = [];
    const gates = [opened(), opened(), opened()];
    const jobs = gates.map((gate, i) =>
      inImageSlot(async () => {
        events.push(`start ${i}`);
        await gate.promise;
        events.push(`end ${i}`);
        return i;
      }),
    );
    await settle();
    expect(events).toEqual(["start 0"]);
    // The later jobs may go on as soon as they start, but they have not started.
    gates[2]!.open();
    gates[1]!.open();
    await settle();
    expect(events).toEqual(["start 0"]);
    gates[0]!.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(events).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
  });

  it("free the slot when a job fails", async () => {
    const failed = inImageSlot(() => Promise.reject(new Error("unreadable")));
    const next = inImageSlot(async () => "done");
    await expect(failed).rejects.toThrow("unreadable");
    expect(await next).toBe("done");
  });
});
