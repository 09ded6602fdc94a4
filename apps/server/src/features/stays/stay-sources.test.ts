import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import { upsertStaysFromSource, type SourceStay } from "./stay-sources.service.ts";

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
