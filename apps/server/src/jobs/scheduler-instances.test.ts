import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context.ts";
import { buildApp } from "../app.ts";
import { openPostgres, type Database } from "../db/client.ts";
import { affiliateCustomers, affiliates } from "../db/schema/affiliates.ts";
import { accountAuditEvents } from "../db/schema/audit.ts";
import { apiIdempotency } from "../db/schema/api-keys.ts";
import { billingAccounts } from "../db/schema/billing.ts";
import { sessions } from "../db/schema/auth.ts";
import { properties } from "../db/schema/properties.ts";
import { propertyCopies } from "../db/schema/property-copies.ts";
import { referralRewards, rewardPayouts } from "../db/schema/referrals.ts";
import { stays } from "../db/schema/stays.ts";
import { accounts, users } from "../db/schema/users.ts";
import { guideVisits } from "../db/schema/visits.ts";
import { BILLED_QUANTITY_JOB } from "../features/billing/billed-quantity.service.ts";
import { settlePropertyCopies } from "../features/property-copies/property-copy.service.ts";
import { createStay } from "../features/stays/stays.service.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { CARDS, DAY, emailsTo, freshSession, getJson, subscribe } from "../test/billing-helpers.ts";
import { buildProperty, buildUser, multipart, type TestUser } from "../test/factories.ts";
import { addStayFeed } from "../features/stay-feeds/stay-feeds.service.ts";
import { startFeedServer } from "../test/feed-server.ts";
import { JOBS } from "./scheduler.ts";

/**
 * Scaled mode (docs/architecture.md §1): every instance runs every job. Two instances, each with its own
 * connection pool, on one PostgreSQL database run each job at the same moment; every piece of work must be
 * done once (one email, one invoice, one purge), not once per instance.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("scheduled jobs on two instances sharing one PostgreSQL", () => {
  let a: TestApp;
  let b: { app: FastifyInstance; ctx: AppContext; database: Database };
  beforeAll(async () => {
    a = await createTestApp();
    // The second instance: its own pool on the same database as the first.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await databaseName(a.ctx)}`;
    const database = openPostgres(url.toString(), { onConnectionError: () => {} });
    const built = await buildApp({ config: a.config, database, overrides: { now: () => new Date(a.clock.now) } });
    await built.app.ready();
    b = { app: built.app, ctx: built.ctx, database };
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  it("does each job's work once though both instances run it at once", async () => {
    // billing-local-renewals: one subscription taken in the trial, due once the trial has ended.
    let subscriber = await buildUser(a.ctx);
    expect((await subscribe(a.app, subscriber, CARDS.ok)).statusCode).toBe(201);
    a.clock.advance(15 * DAY);
    subscriber = await freshSession(a.ctx, subscriber);
    // purge-dead-sessions-and-links: every session made before the jump is now idle past its limit.
    const dead = await countSessions(a.ctx, new Date(a.clock.now.getTime() - 7 * DAY));
    expect(dead).toBeGreaterThan(0);
    // billing-trial-notices: six trials ending in 2.5 days, one reminder each.
    const trials = await Promise.all(
      Array.from({ length: 6 }, () => buildUser(a.ctx, { trialEndsAt: new Date(a.clock.now.getTime() + 2.5 * DAY) })),
    );
    // purge-archived-properties: three deleted properties, their content and files purged once.
    const owner = trials[0]!;
    const archived = await Promise.all([1, 2, 3].map(() => archivedProperty(owner)));
    const prefixes = countDeletedPrefixes([a.ctx, b.ctx]);
    // purge-expired-visit-records: a visit past the retention period goes, today's stays, on either instance.
    const visitRow = await propertyRowId(a.ctx, (await buildProperty(a.app, owner)).propertyId);
    const visit = (session: string, at: Date) => ({
      accountId: owner.accountId,
      propertyId: visitRow,
      trackingSessionId: session,
      deviceType: "mobile" as const,
      visitDay: at.toISOString().slice(0, 10),
      createdAt: at,
    });
    await a.ctx.db
      .insert(guideVisits)
      .values([
        visit("old-session-0123456789", new Date("2020-01-01T12:00:00Z")),
        visit("new-session-0123456789", a.clock.now),
      ]);
    // resume-property-copies: a duplicated guide whose server stopped mid-copy is taken up once.
    const copySource = (await buildProperty(a.app, owner)).propertyId;
    const started = await a.app.inject({
      method: "POST",
      url: `/api/properties/${copySource}/duplicate`,
      headers: { cookie: owner.cookie },
      payload: { title: "Copy", propertyId: `${copySource}-copy` },
    });
    expect(started.statusCode, started.body).toBe(202);
    const copyId = started.json().copy.id as string;
    await settlePropertyCopies(a.ctx);
    await a.ctx.db
      .update(propertyCopies)
      .set({ status: "running", done: 0, claimedAt: new Date(a.clock.now.getTime() - 120_000) })
      .where(eq(propertyCopies.id, copyId));
    // send-message-notifications: a guest's new conversation, one email to its host.
    const messagingHost = await buildUser(a.ctx);
    const messagingProperty = (await buildProperty(a.app, messagingHost)).propertyId;
    await a.app.inject({
      method: "PATCH",
      url: `/api/properties/${messagingProperty}`,
      headers: { cookie: messagingHost.cookie },
      payload: { inboundMessagingActive: true },
    });
    const form = multipart([], { firstName: "Ana", lastName: "Silva", message: "Hello" });
    const sentMessage = await a.app.inject({
      method: "POST",
      url: `/g/${messagingProperty}/messages`,
      payload: form.payload,
      headers: { ...form.headers, accept: "application/json" },
    });
    expect(sentMessage.statusCode, sentMessage.body).toBe(201);

    // referral-rewards: three referred friends whose 35 paid days are up, one reward confirmed each.
    const referrer = await buildUser(a.ctx);
    const referred = await Promise.all([1, 2, 3].map(() => referredPayingFriend(referrer)));
    // Their 35 days are up (set in the table: moving the clock would renew every other subscription here).
    await a.ctx.db
      .update(referralRewards)
      .set({ confirmableAt: new Date(a.clock.now.getTime() - DAY) })
      .where(eq(referralRewards.referrerUserId, referrer.id));

    // affiliate-commissions: two customers of an affiliate paid at once; their 35 days are up (set in the table).
    const affiliateUser = await buildUser(a.ctx, { firstName: "Ada" });
    const [affiliate] = await a.ctx.db
      .insert(affiliates)
      .values({ userId: affiliateUser.id, accountId: affiliateUser.accountId, name: "Ada", trackingLabel: "ada-jobs" })
      .returning();
    for (let i = 0; i < 2; i++) {
      const customer = await buildUser(a.ctx, { trialEndsAt: new Date(a.clock.now.getTime() - DAY) });
      await a.ctx.db.insert(affiliateCustomers).values({ accountId: customer.accountId, affiliateId: affiliate!.id });
      expect((await subscribe(a.app, customer, CARDS.ok, { cycle: "annual" })).statusCode).toBe(201);
    }
    await a.ctx.db
      .update(rewardPayouts)
      .set({ dueAt: new Date(a.clock.now.getTime() - DAY) })
      .where(eq(rewardPayouts.beneficiaryAccountId, affiliateUser.accountId));

    // billing-quantity-reconcile: a subscriber with two properties billed for one (its sync failed).
    const outOfLine = await buildUser(a.ctx);
    await buildProperty(a.app, outOfLine);
    expect((await subscribe(a.app, outOfLine, CARDS.ok)).statusCode).toBe(201);
    await buildProperty(a.app, outOfLine);
    await a.ctx.db
      .update(billingAccounts)
      .set({ quantity: 1 })
      .where(eq(billingAccounts.accountId, outOfLine.accountId));

    // purge-api-idempotency: one Idempotency-Key record past its 24 hours, one still within them.
    const keyOwner = await buildUser(a.ctx);
    const old = new Date(a.clock.now.getTime() - 2 * DAY);
    await a.ctx.db.insert(apiIdempotency).values([
      { accountId: keyOwner.accountId, idempotencyKey: "old", requestHash: "x", createdAt: old, completedAt: old },
      { accountId: keyOwner.accountId, idempotencyKey: "new", requestHash: "x", createdAt: a.clock.now },
    ]);

    // activity-retention: an activity entry 401 days old, and one from today (decision 058).
    const actor = await buildUser(a.ctx);
    await a.ctx.db.insert(accountAuditEvents).values([
      {
        accountId: actor.accountId,
        action: "team",
        details: { action: "old" },
        createdAt: new Date(a.clock.now.getTime() - 401 * DAY),
      },
      { accountId: actor.accountId, action: "team", details: { action: "new" }, createdAt: a.clock.now },
    ]);

    // account-erasure: an account deleted 31 days ago is erased, one deleted yesterday is kept (IMPL-33).
    const erased = await buildUser(a.ctx);
    const kept = await buildUser(a.ctx);
    await a.ctx.db
      .update(accounts)
      .set({ deletedAt: new Date(a.clock.now.getTime() - 31 * DAY) })
      .where(eq(accounts.id, erased.accountId));
    await a.ctx.db
      .update(accounts)
      .set({ deletedAt: new Date(a.clock.now.getTime() - DAY) })
      .where(eq(accounts.id, kept.accountId));

    // stay-retention: a stay that checked out more than 730 days ago, and one a week ago.
    const host = await buildUser(a.ctx);
    const { propertyId: stayProperty } = await buildProperty(a.app, host);
    const day = (n: number) => new Date(a.clock.now.getTime() + n * DAY).toISOString().slice(0, 10);
    const stayOn = (checkIn: number, checkOut: number) =>
      createStay(a.ctx, host.accountId, {
        propertyId: stayProperty,
        guestFirstName: "Ana",
        guestLastName: "Silva",
        guestEmail: "ana@example.com",
        adults: 2,
        children: 0,
        checkInDate: day(checkIn),
        checkOutDate: day(checkOut),
      });
    const { stay: longGone } = await stayOn(-740, -735);
    const { stay: lastWeek } = await stayOn(-10, -7);

    // property-time-zones: a property pinned in Lisbon that still has its account's zone.
    const { propertyId: pinned } = await buildProperty(a.app, host);
    await a.ctx.db
      .update(properties)
      .set({ lat: 38.7223, lng: -9.1393, timeZone: "UTC", timeZoneSource: "account" })
      .where(eq(properties.propertyId, pinned));
    // stay-feed-poll: one calendar feed, due at once, fetched once.
    const feedServer = await startFeedServer();
    feedServer.serveFixture("jobs", "vrbo");
    const feedOwner = await buildUser(a.ctx);
    const feedProperty = (await buildProperty(a.app, feedOwner)).propertyId;
    await addStayFeed(a.ctx, feedOwner.accountId, feedProperty, { url: feedServer.feedUrl("jobs"), channel: "Vrbo" });

    // send-scheduled-messages: an active booking confirmation and four stays booked, each emailed once.
    const messageHost = await buildUser(a.ctx);
    const { propertyId: messageProperty } = await buildProperty(a.app, messageHost);
    const rule = await a.app.inject({
      method: "POST",
      url: "/api/message-rules",
      headers: { cookie: messageHost.cookie },
      payload: {
        name: "Booking confirmation",
        trigger: "booked",
        texts: { en: { subject: "Booked", body: "See you, {{stay.guestFirstName}}: {{stay.link}}" } },
        active: true,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const bookedGuests = [1, 2, 3, 4].map((n) => `guest-${n}-${Date.now()}@example.com`);
    for (const [n, email] of bookedGuests.entries())
      await createStay(a.ctx, messageHost.accountId, {
        propertyId: messageProperty,
        guestFirstName: `Guest${n}`,
        guestLastName: "Booked",
        guestEmail: email,
        adults: 1,
        children: 0,
        checkInDate: day(20 + n),
        checkOutDate: day(22 + n),
      });

    const results: Record<string, [unknown, unknown]> = {};
    await Promise.all(
      JOBS.map(async (job) => {
        results[job.name] = (await Promise.all([job.run(a.ctx), job.run(b.ctx)])) as [unknown, unknown];
      }),
    );

    const checks: Record<string, () => Promise<void>> = {
      "purge-dead-sessions-and-links": async () => {
        const [x, y] = results["purge-dead-sessions-and-links"] as [{ sessions: number }, { sessions: number }];
        expect(x.sessions + y.sessions).toBe(dead);
        expect(await countSessions(a.ctx, new Date(a.clock.now.getTime() - 7 * DAY))).toBe(0);
      },
      "purge-archived-properties": async () => {
        const [x, y] = results["purge-archived-properties"] as [number, number];
        expect(x + y).toBe(3);
        const ids = archived.map((p) => p.rowId);
        expect(ids.map((id) => prefixes.get(id) ?? 0)).toEqual([1, 1, 1]);
      },
      "billing-local-renewals": async () => {
        const [x, y] = results["billing-local-renewals"] as [number, number];
        expect(x + y).toBe(1);
        expect((await getJson(a.app, subscriber, "/api/billing/invoices")).items).toHaveLength(1);
      },
      "purge-expired-visit-records": async () => {
        const [x, y] = results["purge-expired-visit-records"] as [number, number];
        expect(x + y).toBe(1);
        const left = await a.ctx.db.select().from(guideVisits).where(eq(guideVisits.propertyId, visitRow));
        expect(left.map((v) => v.trackingSessionId)).toEqual(["new-session-0123456789"]);
      },
      "resume-property-copies": async () => {
        const [x, y] = results["resume-property-copies"] as [number, number];
        expect(x + y).toBe(1);
        await Promise.all([settlePropertyCopies(a.ctx), settlePropertyCopies(b.ctx)]);
        const [row] = await a.ctx.db.select().from(propertyCopies).where(eq(propertyCopies.id, copyId));
        expect(row).toMatchObject({ status: "done", done: 1, total: 1 });
      },
      "send-message-notifications": async () => {
        const [x, y] = results["send-message-notifications"] as [number, number];
        expect(x + y).toBe(1);
        const mails = (await emailsTo(a.ctx, messagingHost.email)).filter(
          (m) => m.template === "message-new-conversation",
        );
        expect(mails).toHaveLength(1);
      },
      "referral-rewards": async () => {
        const [x, y] = results["referral-rewards"] as [number, number];
        expect(x + y).toBe(3);
        const payouts = await a.ctx.db
          .select()
          .from(rewardPayouts)
          .where(eq(rewardPayouts.beneficiaryAccountId, referrer.accountId));
        expect(payouts.filter((p) => p.status === "claimable")).toHaveLength(referred.length);
        const notices = (await emailsTo(a.ctx, referrer.email)).filter(
          (m) => m.template === "referral-reward-claimable",
        );
        expect(notices).toHaveLength(3);
      },
      "affiliate-commissions": async () => {
        const [x, y] = results["affiliate-commissions"] as [number, number];
        expect(x + y).toBe(2);
        const entries = await a.ctx.db
          .select()
          .from(rewardPayouts)
          .where(eq(rewardPayouts.beneficiaryAccountId, affiliateUser.accountId));
        expect(entries.map((e) => e.status)).toEqual(["payable", "payable"]);
        const notices = (await emailsTo(a.ctx, affiliateUser.email)).filter(
          (m) => m.template === "affiliate-commission-payable",
        );
        expect(notices.length).toBeGreaterThanOrEqual(1);
      },
      "billing-quantity-reconcile": async () => {
        const [x, y] = results["billing-quantity-reconcile"] as [number, number];
        expect(x + y).toBeGreaterThanOrEqual(1);
        // Both instances may queue the account's job; its key leaves one waiting.
        const waiting = (await a.ctx.jobs.list()).filter(
          (job) => job.name === BILLED_QUANTITY_JOB && job.key === outOfLine.accountId && job.state === "created",
        );
        expect(waiting).toHaveLength(1);
      },
      "purge-api-idempotency": async () => {
        const [x, y] = results["purge-api-idempotency"] as [number, number];
        expect(x + y).toBe(1);
        const left = await a.ctx.db
          .select()
          .from(apiIdempotency)
          .where(eq(apiIdempotency.accountId, keyOwner.accountId));
        expect(left.map((r) => r.idempotencyKey)).toEqual(["new"]);
      },
      "account-erasure": async () => {
        const [x, y] = results["account-erasure"] as [number, number];
        expect(x + y).toBeGreaterThanOrEqual(1);
        const left = await a.ctx.db
          .select({ id: accounts.id })
          .from(accounts)
          .where(sql`${accounts.id} in (${erased.accountId}, ${kept.accountId})`);
        expect(left.map((r) => r.id)).toEqual([kept.accountId]);
      },
      "activity-retention": async () => {
        const [x, y] = results["activity-retention"] as [number, number];
        expect(x + y).toBe(1);
        const left = await a.ctx.db
          .select()
          .from(accountAuditEvents)
          .where(eq(accountAuditEvents.accountId, actor.accountId));
        expect(left.map((r) => r.details)).toEqual([{ action: "new" }]);
      },
      "stay-retention": async () => {
        const [x, y] = results["stay-retention"] as [number, number];
        expect(x + y).toBe(1);
        const rows = await a.ctx.db.select().from(stays).where(eq(stays.accountId, host.accountId));
        const byId = new Map(rows.map((r) => [r.id, r]));
        expect(byId.get(longGone.id)).toMatchObject({ guestFirstName: "", guestEmail: null });
        expect(byId.get(longGone.id)!.contactErasedAt).not.toBeNull();
        expect(byId.get(lastWeek.id)).toMatchObject({ guestFirstName: "Ana", guestEmail: "ana@example.com" });
      },
      "property-time-zones": async () => {
        const [x, y] = results["property-time-zones"] as [number, number];
        expect(x + y).toBeGreaterThanOrEqual(1);
        const [row] = await a.ctx.db.select().from(properties).where(eq(properties.propertyId, pinned));
        expect(row).toMatchObject({ timeZone: "Europe/Lisbon", timeZoneSource: "pin" });
      },
      "billing-trial-notices": async () => {
        const [x, y] = results["billing-trial-notices"] as [number, number];
        expect(x + y).toBe(6);
        for (const user of trials) {
          const reminders = (await emailsTo(a.ctx, user.email)).filter((e) => e.template === "trial-ends-in-3-days");
          expect(reminders).toHaveLength(1);
        }
      },
      "send-scheduled-messages": async () => {
        const [x, y] = results["send-scheduled-messages"] as [{ sent: number }, { sent: number }];
        expect(x.sent + y.sent).toBe(4);
        for (const email of bookedGuests) {
          const mails = (await emailsTo(a.ctx, email)).filter((m) => m.template === "scheduled-message");
          expect(mails).toHaveLength(1);
        }
      },
      "database-maintenance": async () => {
        // PostgreSQL's own autovacuum keeps its statistics: the job leaves it alone on every instance.
        expect(results["database-maintenance"]).toEqual([null, null]);
      },
      "stay-feed-poll": async () => {
        const [x, y] = results["stay-feed-poll"] as [number, number];
        expect(x + y).toBe(1);
        expect(feedServer.requests.map((r) => r.name)).toEqual(["jobs"]);
        await feedServer.close();
      },
    };
    // A new job needs a case here: the scheduler runs it on every instance too.
    expect(Object.keys(checks).sort()).toEqual(JOBS.map((j) => j.name).sort());
    for (const check of Object.values(checks)) await check();
  });

  /** A friend referred by `referrer` who subscribed after their trial, so their first invoice is paid now. */
  async function referredPayingFriend(referrer: TestUser) {
    const friend = await buildUser(a.ctx, { trialEndsAt: new Date(a.clock.now.getTime() - DAY) });
    await a.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, friend.id));
    expect((await subscribe(a.app, friend, CARDS.ok, { cycle: "annual" })).statusCode).toBe(201);
    return friend;
  }

  async function archivedProperty(owner: TestUser) {
    const { propertyId } = await buildProperty(a.app, owner);
    const res = await a.app.inject({
      method: "DELETE",
      url: `/api/properties/${propertyId}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    return { propertyId, rowId: await propertyRowId(a.ctx, propertyId) };
  }
});

async function databaseName(ctx: AppContext): Promise<string> {
  const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return result.rows[0]!.name;
}

async function propertyRowId(ctx: AppContext, propertyId: string): Promise<string> {
  const result = (await ctx.db.execute(
    sql`select id from properties where property_id = ${propertyId}`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return result.rows[0]!.id;
}

async function countSessions(ctx: AppContext, idleBefore: Date): Promise<number> {
  const result = (await ctx.db.execute(
    sql`select count(*)::int as n from ${sessions} where last_seen_at < ${idleBefore.toISOString()}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Counts, per property row id, how often any instance deleted the property's file folder. */
function countDeletedPrefixes(contexts: AppContext[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ctx of contexts) {
    const deletePrefix = ctx.storage.deletePrefix.bind(ctx.storage);
    ctx.storage.deletePrefix = async (prefix) => {
      const id = /\/properties\/([^/]+)\/$/.exec(prefix)?.[1];
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      return deletePrefix(prefix);
    };
  }
  return counts;
}
