import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { billingAccounts } from "../../db/schema/billing.ts";
import { localSubscriptions } from "../../db/schema/local-gateway.ts";
import { createJobQueue, type JobQueue } from "../../jobs/job-queue.ts";
import { registerRecordJobs } from "../../jobs/record-jobs.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { CARDS, subscribe } from "../../test/billing-helpers.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { BILLED_QUANTITY_JOB, reconcileBilledQuantities } from "./billed-quantity.service.ts";

let t: TestApp;
/** A second instance's queue on the same database, working the per-record jobs (the app's own never starts). */
let worker: JobQueue;
beforeAll(async () => {
  t = await createTestApp();
  worker = createJobQueue({ sql: t.database.sql, log: t.app.log, pollMs: 500 });
  registerRecordJobs({ ...t.ctx, jobs: worker });
  await worker.start();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const billed = async (user: TestUser) =>
  (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!;
const atProvider = async (user: TestUser) =>
  (
    await t.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, (await billed(user)).subscriptionRef!))
  )[0]!;
const jobsOf = async (user: TestUser) =>
  (await t.ctx.jobs.list()).filter((job) => job.name === BILLED_QUANTITY_JOB && job.key === user.accountId);
/** A retry's backoff is checked on the record, then brought forward instead of waited for (decision 034). */
const bringForward = (user: TestUser) =>
  t.database.sql.executeSql(
    "update pgboss.job set start_after = now() where name = $1 and singleton_key = $2 and state in ('created', 'retry')",
    [BILLED_QUANTITY_JOB, user.accountId],
  );
const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 200 });

async function subscriber(): Promise<TestUser> {
  const user = await buildUser(t.ctx);
  await buildProperty(t.app, user);
  expect((await subscribe(t.app, user, CARDS.ok)).statusCode).toBe(201);
  return user;
}

describe("the billed quantity after a failed sync (IMPL-15)", () => {
  it("is put right by the account's job, retried with backoff while the provider still fails", async () => {
    const user = await subscriber();
    vi.spyOn(t.ctx.payments, "updateQuantity")
      .mockRejectedValueOnce(new Error("the provider did not answer"))
      .mockRejectedValueOnce(new Error("the provider is still down"));
    await buildProperty(t.app, user);
    // The property is kept; the quantity is not billed yet, and the account's job waits its first delay.
    expect(await billed(user)).toMatchObject({ quantity: 1, amount: 899 });
    const [queued] = await jobsOf(user);
    expect(queued).toMatchObject({ state: "created", retryCount: 0 });
    expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now());

    await bringForward(user);
    await waitFor(async () =>
      expect((await jobsOf(user))[0]).toMatchObject({ state: "retry", error: expect.stringContaining("still down") }),
    );
    await bringForward(user);
    await waitFor(async () => expect(await billed(user)).toMatchObject({ quantity: 2, amount: 1329 }));
    expect(await atProvider(user)).toMatchObject({ quantity: 2, amount: 1329 });
    await waitFor(async () => expect((await jobsOf(user))[0]).toMatchObject({ state: "completed", retryCount: 1 }));
  }, 40_000);

  it("is found by the hourly reconcile when not even the retry could be queued", async () => {
    const inLine = await subscriber();
    const user = await subscriber();
    vi.spyOn(t.ctx.payments, "updateQuantity").mockRejectedValueOnce(new Error("the provider did not answer"));
    vi.spyOn(t.ctx.jobs, "schedule").mockRejectedValueOnce(new Error("the database did not answer"));
    await buildProperty(t.app, user);
    expect(await billed(user)).toMatchObject({ quantity: 1 });
    expect(await jobsOf(user)).toEqual([]);

    expect(await reconcileBilledQuantities(t.ctx)).toBe(1);
    expect(await jobsOf(inLine)).toEqual([]);
    await waitFor(async () => expect(await billed(user)).toMatchObject({ quantity: 2, amount: 1329 }));
    expect(await atProvider(user)).toMatchObject({ quantity: 2 });
    // Nothing is left out of line, so the next reconcile queues nothing.
    expect(await reconcileBilledQuantities(t.ctx)).toBe(0);
  }, 40_000);
});
