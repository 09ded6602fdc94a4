import { copy } from "@doorstep/shared/copy";
import { describe, expect, it } from "vitest";
import { countsLine, errorLine, syncedLine, triedLine } from "./feed-status.ts";

const c = copy.stayFeeds;

describe("a feed's status in plain words", () => {
  it("says when it last synced, or that it has not yet", () => {
    expect(syncedLine({ lastSyncedAt: null })).toBe(c.notSyncedYet);
    expect(syncedLine({ lastSyncedAt: "2026-11-28T05:19:00.000Z" })).toMatch(/^Last synced .*2026/);
  });

  it("renders the last error from the catalogue with its parameters", () => {
    expect(errorLine({ lastError: null })).toBeNull();
    expect(errorLine({ lastError: { code: "http-status", params: { status: 404 } } })).toBe(
      c.fetchFailure["http-status"]({ status: 404 }),
    );
    expect(errorLine({ lastError: { code: "timeout", params: { seconds: 10 } } })).toContain("10 seconds");
    expect(errorLine({ lastError: { code: "malformed", params: null } })).toBe(c.parseFailure.malformed());
    expect(triedLine({ lastPolledAt: "2026-11-28T05:19:00.000Z" })).toMatch(/^Last tried .*2026/);
    expect(triedLine({ lastPolledAt: null })).toBeNull();
  });

  it("counts the reservations read and what was skipped or cancelled", () => {
    const counts = { reservations: 3, blocked: 2, recurring: 1, invalid: 0, cancelledInFeed: 0, cancelledStays: 1 };
    expect(countsLine({ lastCounts: counts })).toBe(
      "3 reservations · 2 blocked periods skipped, 1 repeating event ignored · 1 stay cancelled",
    );
    expect(countsLine({ lastCounts: { ...counts, blocked: 0, recurring: 0, cancelledStays: 0 } })).toBe(
      "3 reservations",
    );
    expect(countsLine({ lastCounts: null })).toBeNull();
  });
});
