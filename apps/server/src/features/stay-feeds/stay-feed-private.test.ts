import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { startFeedServer, type FeedServer } from "../../test/feed-server.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";

// Production's rule (ALLOW_PRIVATE_FEEDS unset): a feed on our own network is refused before any request.
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

describe("calendar feeds under the production rule for private addresses", () => {
  it("refuses a feed on a loopback address when private feeds are not allowed", async () => {
    const prod = await createTestApp({
      configure: (config) => ({ ...config, stayFeeds: { pollMinutes: 15, allowPrivate: false } }),
    });
    try {
      const user = await buildUser(prod.ctx);
      const { propertyId } = await buildProperty(prod.app, user);
      feeds.serveFixture("private-1", "vrbo");
      const added = await prod.as(user, "POST", `/api/properties/${propertyId}/stay-feeds`, {
        url: feeds.feedUrl("private-1"),
        channel: "Vrbo",
      });
      const synced = await prod.as(user, "POST", `/api/stay-feeds/${added.json().feed.id}/sync`);
      expect(synced.json().feed.lastError).toEqual({ code: "private-address", params: null });
      expect(feeds.requests.filter((r) => r.name === "private-1")).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
