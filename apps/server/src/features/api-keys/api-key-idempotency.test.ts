import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { apiIdempotency } from "../../db/schema/api-keys.ts";
import { bearer, createKeyFor, registerKeyProbe, type KeyProbe } from "../../test/api-key-probe.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, type TestUser } from "../../test/factories.ts";
import { purgeIdempotencyRecords, requestFingerprint } from "./api-key-idempotency.service.ts";

let t: TestApp;
let probe: KeyProbe;
let owner: TestUser;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ routes: (app, ctx) => void (probe = registerKeyProbe(app, ctx)) });
  owner = await buildUser(t.ctx);
  ({ key } = await createKeyFor(t.app, owner));
});
afterAll(() => t.close());

let n = 0;
const freshKey = () => `order-${++n}-${t.clock.now.getTime()}`;
const post = (idempotencyKey: string | null, text = "hello", apiKey = key) =>
  t.app.inject({
    method: "POST",
    url: "/api/test/key-probe/notes",
    headers: bearer(apiKey, idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey }),
    payload: { text },
  });

describe("Idempotency-Key on writes with an API key", () => {
  it("answers a repeat with the first response, status and body, without running the handler again", async () => {
    const k = freshKey();
    const runs = probe.runs;
    const first = await post(k);
    expect(first.statusCode).toBe(201);
    const again = await post(k);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toContain("application/json");
    expect(probe.runs).toBe(runs + 1);
    // Within 24 hours.
    t.clock.advance(23 * 3_600_000);
    expect((await post(k)).body).toBe(first.body);
    expect(probe.runs).toBe(runs + 1);
  });

  it("answers 422 to the same key with another body, and runs nothing", async () => {
    const k = freshKey();
    await post(k, "first");
    const runs = probe.runs;
    const res = await post(k, "second");
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: copy.apiKeys.errors.idempotencyReused,
    });
    expect(probe.runs).toBe(runs);
  });

  it("never runs two concurrent duplicates: the second finds the claim and is told to retry", async () => {
    const k = freshKey();
    let entered!: () => void;
    let release!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    probe.hold = () => {
      entered();
      return released;
    };
    const runs = probe.runs;
    const first = post(k);
    await inHandler;
    const second = await post(k);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: "CONFLICT", message: copy.apiKeys.errors.idempotencyInProgress });
    probe.hold = null;
    release();
    expect((await first).statusCode).toBe(201);
    expect((await post(k)).body).toBe((await first).body);
    expect(probe.runs).toBe(runs + 1);
  });

  it("gives the key back after a server error, so the retry does the work", async () => {
    const k = freshKey();
    const runs = probe.runs;
    expect((await post(k, "crash")).statusCode).toBe(500);
    expect((await post(k, "crash")).statusCode).toBe(500);
    expect(probe.runs).toBe(runs + 2);
  });

  it("takes over a claim whose request never finished (its process died)", async () => {
    const k = freshKey();
    await t.ctx.db.insert(apiIdempotency).values({
      accountId: owner.accountId,
      idempotencyKey: k,
      requestHash: requestFingerprint("POST", "/api/test/key-probe/notes", { text: "hello" }),
      createdAt: new Date(t.clock.now.getTime() - 6 * 60_000),
    });
    const runs = probe.runs;
    expect((await post(k)).statusCode).toBe(201);
    expect(probe.runs).toBe(runs + 1);
  });

  it("keys by account: another account's same key is its own; no key, or a session, runs every time", async () => {
    const k = freshKey();
    const other = await buildUser(t.ctx);
    const otherKey = (await createKeyFor(t.app, other)).key;
    const runs = probe.runs;
    expect((await post(k)).json().accountId).toBe(owner.accountId);
    expect((await post(k, "hello", otherKey)).json().accountId).toBe(other.accountId);
    await post(null);
    await post(null);
    const asOwner = () =>
      t.app.inject({
        method: "POST",
        url: "/api/test/key-probe/notes",
        headers: { cookie: owner.cookie, "idempotency-key": k },
        payload: { text: "hello" },
      });
    expect((await asOwner()).json().kind).toBe("user");
    await asOwner();
    expect(probe.runs).toBe(runs + 6);
  });

  it("refuses a malformed Idempotency-Key with a coded error", async () => {
    const runs = probe.runs;
    for (const bad of ["has space", "x".repeat(256)]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: "VALIDATION_FAILED",
        message: copy.apiKeys.errors.idempotencyFormat(255),
      });
    }
    expect(probe.runs).toBe(runs);
  });

  it("forgets keys after 24 hours: the job deletes them and the key may be used afresh", async () => {
    const k = freshKey();
    await post(k);
    t.clock.advance(24 * 3_600_000 + 1000);
    const runs = probe.runs;
    expect((await post(k)).statusCode).toBe(201);
    expect(probe.runs).toBe(runs + 1);
    const old = freshKey();
    await post(old);
    t.clock.advance(24 * 3_600_000 + 1000);
    expect(await purgeIdempotencyRecords(t.ctx)).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotencyKey, old));
    expect(left).toEqual([]);
  });
});
