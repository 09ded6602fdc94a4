import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import type { StayImportResponse } from "@doorstep/shared/schemas/stay-import";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

const HEADER =
  "reservation_id,property_id,guest_first_name,guest_last_name,guest_email,guest_language,check_in,check_out";

describe("stays: importing a CSV, preview then apply (decision 040)", () => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    stranger = await buildUser(t.ctx);
    ({ propertyId: mine } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
    ({ propertyId: theirs } = await buildProperty(t.app, stranger));
  });
  afterAll(() => t.close());

  /** The day `n` days from today as ISO, and in the two numeric orders. */
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const dayFirst = (n: number) => day(n).replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$3/$2/$1");
  const monthFirst = (n: number) => day(n).replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1");

  const send = (url: string, body: Buffer | string, fields: Record<string, string>, contentType = "text/csv") => {
    const form = multipart(
      [{ field: "file", filename: "stays.csv", contentType, body: Buffer.isBuffer(body) ? body : Buffer.from(body) }],
      fields,
    );
    return t.app.inject({
      method: "POST",
      url,
      payload: form.payload,
      headers: { ...form.headers, cookie: host.cookie },
    });
  };
  const preview = async (csv: Buffer | string, fields: Record<string, string> = { locale: "en-GB" }) => {
    const res = await send("/api/stays/import/preview", csv, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StayImportResponse;
  };
  const apply = async (csv: Buffer | string, fields: Record<string, string> = { locale: "en-GB" }) => {
    const { digest } = await preview(csv, fields);
    const res = await send("/api/stays/import", csv, { ...fields, digest });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StayImportResponse;
  };
  const reasonText = (row: StayImportResponse["rows"][number]) =>
    (copy.stayImport.rowError[row.reason!.code] as (p: unknown) => string)(row.reason!.params);

  it("reads a BOM, semicolons and day-first dates, imports the rows, and the same file again changes nothing", async () => {
    const csv =
      "\uFEFF" +
      [
        HEADER.replaceAll(",", ";"),
        `bom-1;${mine};Ana;Souza;ana@example.com;en;${dayFirst(10)};${dayFirst(13)}`,
        `bom-2;${mine};Luca;Rossi;;;${day(20)};${day(22)}`,
      ].join("\r\n");
    const first = await preview(csv);
    expect(first.dateOrder).toBe("day-first");
    expect(first.dateFormats).toEqual(["YYYY-MM-DD", "D/M/YYYY"]);
    expect(first.rows.map((r) => [r.line, r.outcome, r.checkInDate])).toEqual([
      [2, "new", day(10)],
      [3, "new", day(20)],
    ]);
    const applied = await apply(csv);
    expect(applied).toMatchObject({ applied: true, counts: { new: 2, changed: 0, unchanged: 0, refused: 0 } });
    const stay = await t.as(host, "GET", `/api/stays/${applied.rows[0]!.stayId}`);
    expect(stay.json().stay).toMatchObject({
      propertyId: mine,
      guestFirstName: "Ana",
      guestEmail: "ana@example.com",
      checkInDate: day(10),
      checkOutDate: day(13),
      source: "csv",
      sourceId: "bom-1",
    });
    const again = await apply(csv);
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 2, refused: 0 });
    expect(again.rows.map((r) => r.stayId)).toEqual(applied.rows.map((r) => r.stayId));
  });

  it("reads month-first dates for a month-first locale, and the host's choice over the locale's", async () => {
    const csv = [HEADER, `mf-1,${mine},Mia,,,,${monthFirst(40)},${monthFirst(45)}`].join("\n");
    const us = await preview(csv, { locale: "en-US" });
    expect(us.dateOrder).toBe("month-first");
    expect(us.rows[0]).toMatchObject({ outcome: "new", checkInDate: day(40), checkOutDate: day(45) });
    const chosen = await preview(csv, { locale: "en-GB", dateOrder: "month-first" });
    expect(chosen.rows[0]).toMatchObject({ outcome: "new", checkInDate: day(40) });
  });

  it("refuses each bad row with its reason and line, and imports the others", async () => {
    const csv = [
      HEADER,
      `ok-1,${mine},Good,Row,,,${day(30)},${day(32)}`,
      `bad-1,no-such-property,Nobody,,,,${day(30)},${day(32)}`,
      `bad-2,${theirs},Stranger,,,,${day(30)},${day(32)}`,
      `bad-3,${mine},Backwards,,,,${day(32)},${day(30)}`,
      `bad-4,${mine},Mail,,not-an-email,,${day(30)},${day(32)}`,
      `bad-5,${mine},Lang,,,zz-notalanguage,${day(30)},${day(32)}`,
      `bad-6,${mine},French,,,fr,${day(30)},${day(32)}`,
      `ok-1,${mine},Twice,,,,${day(30)},${day(32)}`,
      `ok-2,${mine},Also,Good,,,${day(34)},${day(36)}`,
    ].join("\n");
    const result = await apply(csv);
    expect(result.counts).toEqual({ new: 2, changed: 0, unchanged: 0, refused: 7 });
    const refused = result.rows.filter((r) => r.outcome === "refused").map((r) => [r.line, reasonText(r)]);
    expect(refused).toEqual([
      [3, 'No property of yours has the web link id "no-such-property".'],
      [4, `No property of yours has the web link id "${theirs}".`],
      [5, "The check-out is before the check-in."],
      [6, "guest_email is not an email address."],
      [7, 'guest_language "zz-notalanguage" is not a language code.'],
      [8, 'The property\'s guide is not in the language "fr".'],
      [9, "The same reservation_id for this property is on line 2; only that row is imported."],
    ]);
    // A row refused for its form still says which it is.
    expect(result.rows.find((r) => r.line === 5)).toMatchObject({ reservationId: "bad-3", guestName: "Backwards" });
    // The stranger's property got nothing.
    const theirStays = await t.as(stranger, "GET", `/api/stays?propertyId=${theirs}`);
    expect(theirStays.json().items).toEqual([]);
  });

  it("refuses rows for an archived property", async () => {
    const { propertyId: gone } = await buildProperty(t.app, host, { title: "Sold" });
    expect((await t.as(host, "DELETE", `/api/properties/${gone}`)).statusCode).toBe(204);
    const result = await preview([HEADER, `arch-1,${gone},Ana,,,,${day(5)},${day(6)}`].join("\n"));
    expect(result.rows[0]).toMatchObject({ outcome: "refused", reason: { code: "unknown-property" } });
  });

  it("marks a row with new dates as changed and applies it", async () => {
    const row = (from: number, to: number) => [HEADER, `chg-1,${mine},Zoe,,,,${day(from)},${day(to)}`].join("\n");
    const made = await apply(row(50, 52));
    const moved = await apply(row(51, 54));
    expect(moved.rows[0]).toMatchObject({ outcome: "changed", stayId: made.rows[0]!.stayId });
    const stay = (await t.as(host, "GET", `/api/stays/${made.rows[0]!.stayId}`)).json().stay;
    expect(stay).toMatchObject({ checkInDate: day(51), checkOutDate: day(54) });
  });

  it("refuses an apply whose outcomes moved since the preview, and writes nothing", async () => {
    const csv = [HEADER, `race-1,${mine},Ida,,,,${day(60)},${day(61)}`].join("\n");
    const { digest } = await preview(csv);
    await apply(csv);
    const res = await send("/api/stays/import", csv, { locale: "en-GB", digest });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", message: copy.stayImport.changedSincePreview });
  });

  it("says a file is not a CSV, or which columns it lacks, and refuses one over 5 MB", async () => {
    const png = await send("/api/stays/import/preview", await makePng(), { locale: "en" }, "text/csv");
    expect(png.statusCode).toBe(415);
    expect(png.json().error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: copy.stayImport.notCsv });
    const latin1 = await send("/api/stays/import/preview", Buffer.from([0x63, 0x61, 0x66, 0xe9]), {});
    expect(latin1.statusCode).toBe(415);
    const text = await send("/api/stays/import/preview", "Dear host,\nhere are my stays.\n", {});
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(copy.stayImport.fileError["unknown-columns"]({ columns: ["dear host"] }));
    const huge = await send("/api/stays/import/preview", `${HEADER}\n${"x".repeat(5 * 1024 * 1024)}`, {});
    expect(huge.statusCode).toBe(413);
  });

  it("previews and imports 5,000 rows", async () => {
    const { propertyId: big } = await buildProperty(t.app, host, { title: "Big" });
    const lines = [HEADER];
    for (let i = 0; i < 5000; i++) lines.push(`big-${i},${big},Guest${i},Host,,,${day(i % 300)},${day((i % 300) + 2)}`);
    const csv = lines.join("\n");
    const first = await preview(csv);
    expect(first.counts).toEqual({ new: 5000, changed: 0, unchanged: 0, refused: 0 });
    expect(first.rows.at(-1)!.line).toBe(5001);
    const applied = await apply(csv);
    expect(applied.counts.new).toBe(5000);
    expect(new Set(applied.rows.map((r) => r.stayId)).size).toBe(5000);
    expect((await preview(csv)).counts.unchanged).toBe(5000);
  }, 120_000);
});
