import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import { cancelMissingFeedStays, upsertStaysFromSource, type SourceStay } from "./stay-sources.service.ts";
import { getStay } from "./stays.service.ts";

describe("stays kept by another system: matched on the source's id, the host's additions kept (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyRowId: string;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host));
    propertyRowId = (await getStayProperty(t.ctx, host.accountId, { propertyId }))!.id;
  });
  afterAll(() => t.close());
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const api = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });

  it("creates, leaves unchanged, updates from a feed, keeps what the host added, and cancels future stays the feed dropped", async () => {
    const feed = { feedId: randomUUID(), channel: "Airbnb" };
    const rows: SourceStay[] = [
      { sourceId: "uid-1@airbnb", guestFirstName: "Airbnb guest", checkInDate: day(5), checkOutDate: day(8) },
      { sourceId: "uid-2@airbnb", guestFirstName: "Airbnb guest", checkInDate: day(12), checkOutDate: day(14) },
      { sourceId: "uid-past@airbnb", guestFirstName: "Airbnb guest", checkInDate: day(-6), checkOutDate: day(-3) },
    ];
    const first = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "feed", rows, { feed });
    expect(first.map((o) => o.outcome)).toEqual(["new", "new", "new"]);
    const id1 = (first[0] as { stayId: string }).stayId;
    const stay = await getStay(t.ctx, host.accountId, id1);
    expect(stay).toMatchObject({ source: "feed", channel: "Airbnb", feedId: feed.feedId, checkInTime: "15:00" });

    // The same feed again changes nothing.
    const again = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "feed", rows, { feed });
    expect(again.map((o) => o.outcome)).toEqual(["unchanged", "unchanged", "unchanged"]);

    // The host adds an email, a language, a door code and notes; the feed then moves the dates.
    const patched = await api("PATCH", `/api/stays/${id1}`, {
      guestEmail: "guest@example.com",
      doorCode: "1357",
      notes: "Cot needed",
      // A number the host types is checked and stored as E.164 (Ofcom's drama range 07700 900… is not one).
      guestPhone: "+44 7911 123456",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const moved = [{ ...rows[0]!, checkInDate: day(6), checkOutDate: day(9) }, rows[1]!, rows[2]!];
    const sync = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "feed", moved, { feed });
    expect(sync.map((o) => o.outcome)).toEqual(["changed", "unchanged", "unchanged"]);
    expect(await getStay(t.ctx, host.accountId, id1)).toMatchObject({
      checkInDate: day(6),
      checkOutDate: day(9),
      checkInAt: new Date(`${day(6)}T15:00:00Z`),
      guestEmail: "guest@example.com",
      guestPhone: "+447911123456",
      doorCode: "1357",
      notes: "Cot needed",
    });

    // The feed drops the second (future) and the past one: only the future one is cancelled.
    const cancelled = await cancelMissingFeedStays(t.ctx, feed.feedId, ["uid-1@airbnb"], day(0));
    expect(cancelled).toHaveLength(1);
    const id2 = (first[1] as { stayId: string }).stayId;
    const idPast = (first[2] as { stayId: string }).stayId;
    expect((await getStay(t.ctx, host.accountId, id2)).status).toBe("cancelled");
    expect((await getStay(t.ctx, host.accountId, idPast)).status).toBe("confirmed");
    // Listed again, it is confirmed again.
    const back = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "feed", [rows[1]!], { feed });
    expect(back[0]!.outcome).toBe("changed");
    expect((await getStay(t.ctx, host.accountId, id2)).status).toBe("confirmed");
  });

  it("matches a CSV's or the API's reservation id per property and source, previews without writing, refuses bad rows beside the good", async () => {
    const rows: SourceStay[] = [
      {
        sourceId: "R-1",
        guestFirstName: "Marie",
        guestLastName: "Curie",
        guestLanguage: "en",
        checkInDate: day(3),
        checkOutDate: day(5),
        adults: 2,
      },
      { sourceId: "R-2", guestFirstName: "Bad", checkInDate: day(7), checkOutDate: day(6) },
      { sourceId: "R-3", guestFirstName: "Lang", guestLanguage: "xx", checkInDate: day(7), checkOutDate: day(9) },
      { sourceId: "R-4", guestFirstName: "Date", checkInDate: "2027-02-30", checkOutDate: day(9) },
    ];
    const preview = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "csv", rows, { dryRun: true });
    expect(preview).toEqual([
      { sourceId: "R-1", outcome: "new", stayId: null },
      { sourceId: "R-2", outcome: "refused", reason: "STAY_CHECK_OUT_BEFORE_CHECK_IN" },
      { sourceId: "R-3", outcome: "refused", reason: "STAY_LANGUAGE_NOT_IN_GUIDE" },
      { sourceId: "R-4", outcome: "refused", reason: "STAY_DATE_INVALID" },
    ]);
    expect((await api("GET", "/api/stays?q=curie")).json().items).toEqual([]);
    const applied = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "csv", rows);
    expect(applied[0]).toMatchObject({ outcome: "new" });
    // The same file twice changes nothing.
    const twice = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "csv", rows);
    expect(twice[0]).toMatchObject({ outcome: "unchanged" });
    // The same reservation id from the API is another source's: a stay of its own.
    const api1 = await upsertStaysFromSource(t.ctx, host.accountId, propertyRowId, "api", [rows[0]!]);
    expect(api1[0]).toMatchObject({ outcome: "new" });
    expect((await api("GET", "/api/stays?q=curie")).json().items).toHaveLength(2);
    // Another account's property takes nothing.
    const stranger = await buildUser(t.ctx);
    const refused = await upsertStaysFromSource(t.ctx, stranger.accountId, propertyRowId, "csv", [rows[0]!]);
    expect(refused).toEqual([{ sourceId: "R-1", outcome: "refused", reason: "NOT_FOUND" }]);
  });
});
