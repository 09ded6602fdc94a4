import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser } from "../../test/factories.ts";
import { forgetCachedSessions, SESSION_CACHE_MS, sessionReads } from "./session.service.ts";

// The session service's reads of the database, counted (the real read runs underneath).
const reads = vi.spyOn(sessionReads, "findSessionByHash");
afterAll(() => reads.mockRestore());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

describe("a session held in memory (decision 013)", () => {
  it("is read once for all the requests in flight when it grows old, not once for each", async () => {
    const user = await buildUser(t.ctx);
    expect((await me(user.cookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_MS);
    reads.mockClear();
    // A dashboard's page asks for several things at once.
    const answers = await Promise.all(Array.from({ length: 6 }, () => me(user.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(reads).toHaveBeenCalledTimes(1);
    // Then from memory again.
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("is not answered by a read that began before a revocation", async () => {
    const user = await buildUser(t.ctx);
    expect((await me(user.cookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_CACHE_MS);
    reads.mockClear();
    const first = me(user.cookie);
    // A revocation on this instance (a logout elsewhere, a new password) while that read is under way.
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    forgetCachedSessions(t.ctx);
    const second = me(user.cookie);
    await Promise.all([first, second]);
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
