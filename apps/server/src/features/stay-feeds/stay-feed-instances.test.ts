import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../app-context.ts";
import { buildApp } from "../../app.ts";
import { openPostgres, type Database } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startFeedServer, type FeedServer } from "../../test/feed-server.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";
import { pollDueFeeds, syncStayFeedNow } from "./stay-feed-sync.service.ts";
import { addStayFeed } from "./stay-feeds.service.ts";

/**
 * Two instances, each with its own pool, on one PostgreSQL database poll at the same moment: each due feed is
 * fetched once, and a "Sync now" during a poll does not fetch the feed a second time (decision 041).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("calendar feeds polled by two instances sharing one PostgreSQL", () => {
  let a: TestApp;
  let b: { app: FastifyInstance; ctx: AppContext; database: Database };
  let feeds: FeedServer;
  beforeAll(async () => {
    [a, feeds] = await Promise.all([createTestApp(), startFeedServer()]);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${await databaseName(a.ctx)}`;
    const database = openPostgres(url.toString(), { onConnectionError: () => {} });
    const built = await buildApp({ config: a.config, database, overrides: { now: () => new Date(a.clock.now) } });
    await built.app.ready();
    b = { app: built.app, ctx: built.ctx, database };
  });
  afterAll(async () => {
    await feeds.close();
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  it("fetches each due feed once though both instances poll at once, and again only a period later", async () => {
    const host = await buildUser(a.ctx);
    // Two properties: a property holds at most 20 feeds.
    const properties = [(await buildProperty(a.app, host)).propertyId, (await buildProperty(a.app, host)).propertyId];
    const names = Array.from({ length: 40 }, (_, i) => `shared-${i}`);
    for (const name of names) {
      feeds.serveFixture(name, i(name) % 2 ? "airbnb" : "vrbo");
      const propertyId = properties[i(name) % 2]!;
      await addStayFeed(a.ctx, host.accountId, propertyId, { url: feeds.feedUrl(name), channel: name });
    }
    const fetches = () => feeds.requests.filter((r) => r.name.startsWith("shared-"));
    const [byA, byB] = await Promise.all([pollDueFeeds(a.ctx), pollDueFeeds(b.ctx)]);
    expect(byA + byB).toBe(names.length);
    expect(
      fetches()
        .map((r) => r.name)
        .sort(),
    ).toEqual([...names].sort());

    // Within the period neither polls again; a period later each feed once more, a 304 each.
    expect(await Promise.all([pollDueFeeds(a.ctx), pollDueFeeds(b.ctx)])).toEqual([0, 0]);
    a.clock.advance(15 * 60_000);
    const [againA, againB] = await Promise.all([pollDueFeeds(a.ctx), pollDueFeeds(b.ctx)]);
    expect(againA + againB).toBe(names.length);
    expect(fetches().filter((r) => r.status === 304)).toHaveLength(names.length);
    // One stay per event: 2 reservations a Vrbo feed, 3 an Airbnb one, never doubled by the two instances.
    const stays = (await a.ctx.db.execute(
      sql`select count(*)::int as n from stays where channel like 'shared-%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(stays.rows[0]!.n).toBe(20 * 2 + 20 * 3);
  });

  it("does not fetch a feed twice when Sync now on one instance meets the poll on the other", async () => {
    const host = await buildUser(a.ctx);
    const { propertyId } = await buildProperty(a.app, host);
    feeds.serveFixture("race-1", "booking");
    const feed = await addStayFeed(a.ctx, host.accountId, propertyId, { url: feeds.feedUrl("race-1"), channel: "B" });
    for (let round = 0; round < 5; round++) {
      a.clock.advance(15 * 60_000);
      await Promise.all([syncStayFeedNow(a.ctx, host.accountId, feed.id), pollDueFeeds(b.ctx)]);
    }
    // Whichever takes the feed first (the poll's claim or Sync now's lease) fetches it; the other does not.
    expect(feeds.requests.filter((r) => r.name === "race-1")).toHaveLength(5);
  });
});

const i = (name: string) => Number(name.split("-")[1]);

async function databaseName(ctx: AppContext): Promise<string> {
  const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  return result.rows[0]!.name;
}
