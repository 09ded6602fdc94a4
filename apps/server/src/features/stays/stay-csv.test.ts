import { describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { STAY_CSV_COLUMNS, stayCsvDateFormats } from "@doorstep/shared/rules/stay-import";
import { addDays, todayIso } from "../../test/feed-server.ts";
import { parseStaysCsv, type StayCsvResult } from "./stay-csv.ts";

const today = todayIso();
const inDays = (n: number) => addDays(today, n);
const HEADER = STAY_CSV_COLUMNS.join(",");

function ok(result: StayCsvResult) {
  if (!result.ok) throw new Error(`file refused: ${result.code}`);
  return result;
}

describe("parseStaysCsv: the file", () => {
  it("reads every column, in any order, with a BOM and CRLF line ends", () => {
    const text = `\uFEFF${HEADER}\r\nHM-1,beach-house,Jane,Doe,jane@example.com,+44 7700 900123,fr,${inDays(3)},16:00,${inDays(7)},10:30,2,1,4711\r\n`;
    const result = ok(parseStaysCsv(text, { locale: "en-GB" }));
    expect(result.delimiter).toBe(",");
    expect(result.rows).toEqual([
      {
        line: 2,
        values: {
          reservationId: "HM-1",
          propertyId: "beach-house",
          guestFirstName: "Jane",
          guestLastName: "Doe",
          guestEmail: "jane@example.com",
          guestPhone: "+44 7700 900123",
          guestLanguage: "fr",
          checkInDate: inDays(3),
          checkInTime: "16:00",
          checkOutDate: inDays(7),
          checkOutTime: "10:30",
          adults: 2,
          children: 1,
          doorCode: "4711",
        },
      },
    ]);
    const shuffled = `check_out;guest_first_name;check_in;property_id;reservation_id\n${inDays(5)};Émile;${inDays(2)};p1;"R;1"\n`;
    const semicolons = ok(parseStaysCsv(shuffled, { locale: "fr-FR" }));
    expect(semicolons.delimiter).toBe(";");
    expect(semicolons.rows).toEqual([
      {
        line: 2,
        values: {
          reservationId: "R;1",
          propertyId: "p1",
          guestFirstName: "Émile",
          checkInDate: inDays(2),
          checkOutDate: inDays(5),
        },
      },
    ]);
  });

  it("refuses unknown, duplicate and missing columns by name, an empty file and an unreadable one", () => {
    expect(parseStaysCsv(`${HEADER},nights,Colour\n`, { locale: "en-US" })).toEqual({
      ok: false,
      code: "unknown-columns",
      params: { columns: ["nights", "colour"] },
    });
    expect(parseStaysCsv(`${HEADER},adults\n`, { locale: "en-US" })).toMatchObject({
      code: "duplicate-columns",
      params: { columns: ["adults"] },
    });
    expect(parseStaysCsv("reservation_id,guest_first_name,check_in\n", { locale: "en-US" })).toEqual({
      ok: false,
      code: "missing-columns",
      params: { columns: ["property_id", "check_out"] },
    });
    expect(parseStaysCsv("\uFEFF \n", { locale: "en-US" })).toEqual({ ok: false, code: "empty", params: {} });
    expect(parseStaysCsv(`${HEADER}\n"unclosed,x\n`, { locale: "en-US" })).toMatchObject({
      ok: false,
      code: "unreadable",
    });
    expect(parseStaysCsv(`${HEADER}\n`, { locale: "en-US" })).toMatchObject({ ok: true, rows: [] });
    expect(copy.stayImport.fileError["unknown-columns"]({ columns: ["nights", "colour"] })).toBe(
      "Unknown columns: nights, colour.",
    );
  });

  it("ignores a blank header cell (a trailing delimiter) and takes the host's date order over the locale's", () => {
    const [y, m, d] = inDays(40).split("-");
    const text = `reservation_id;property_id;guest_first_name;check_in;check_out;\nR-1;loft;Ana;${d}/${m}/${y};${inDays(42)};\n`;
    const chosen = ok(parseStaysCsv(text, { locale: "en-US", dateOrder: "day-first" }));
    expect(chosen.dateFormats).toEqual(["YYYY-MM-DD", "D/M/YYYY"]);
    expect(chosen.rows[0]).toMatchObject({ line: 2, values: { reservationId: "R-1", checkInDate: inDays(40) } });
  });

  it("refuses a file over the row limit", () => {
    const row = `R,p,A,,,,,${inDays(1)},,${inDays(2)},,,,`;
    expect(parseStaysCsv(`${HEADER}\n${row}\n${row}\n${row}\n`, { locale: "en-US", maxRows: 2 })).toEqual({
      ok: false,
      code: "too-many-rows",
      params: { max: 2 },
    });
  });
});

describe("parseStaysCsv: each row", () => {
  const minimal = "reservation_id,property_id,guest_first_name,check_in,check_out,check_in_time,check_out_time,adults";

  it("refuses a bad row with a code and its line, and keeps the good ones", () => {
    const text = [
      minimal,
      `R1,p,Ann,${inDays(1)},${inDays(3)},,,2`,
      `R2,p,,${inDays(1)},${inDays(3)},,,`,
      `R3,p,Bo,${inDays(5)},${inDays(4)},,,`,
      `R4,p,Cy,2027-02-30,2027-03-02,,,`,
      `R5,p,Di,${inDays(1)},${inDays(2)},25:00,,`,
      `R6,p,Ed,${inDays(1)},${inDays(2)},,,two`,
      `R7,p,Fi,${inDays(1)}`,
      `"R8","p","Gus ""the guest""
second line",${inDays(1)},${inDays(1)},15:00,11:00,`,
      ",,,,,,,",
      `R9,p,Hal,${inDays(1)},${inDays(1)},09:00,18:00,`,
    ].join("\n");
    const rows = ok(parseStaysCsv(text, { locale: "en-US" })).rows;
    const formats = stayCsvDateFormats("en-US");
    expect(rows.map((r) => ("error" in r ? [r.line, r.error.code, r.error.params] : [r.line, "ok"]))).toEqual([
      [2, "ok"],
      [3, "required", { column: "guest_first_name" }],
      [4, "check-out-before-check-in", {}],
      [5, "invalid-date", { column: "check_in", formats }],
      [6, "invalid-time", { column: "check_in_time" }],
      [7, "invalid-count", { column: "adults" }],
      [8, "wrong-column-count", { expected: 8, found: 4 }],
      [9, "check-out-before-check-in", {}],
      [12, "ok"],
    ]);
    expect(copy.stayImport.rowError["invalid-date"]({ column: "check_in", formats })).toBe(
      "check_in is not a date (use YYYY-MM-DD or M/D/YYYY).",
    );
    expect(copy.stayImport.rowError["check-out-before-check-in"]()).toBe("The check-out is before the check-in.");
  });

  it("reads times loosely but only in 24-hour form; blank means the property's default", () => {
    const rows = ok(
      parseStaysCsv(
        `${minimal}\nR,p,A,${inDays(1)},${inDays(2)},9:05,10:00:00,\nS,p,B,${inDays(1)},${inDays(2)},3pm,,\n`,
        { locale: "en-US" },
      ),
    ).rows;
    expect(rows[0]).toMatchObject({ values: { checkInTime: "09:05", checkOutTime: "10:00" } });
    expect(rows[1]).toMatchObject({ error: { code: "invalid-time" } });
    const blank = ok(parseStaysCsv(`${minimal}\nR,p,A,${inDays(1)},${inDays(2)},,,\n`, { locale: "en-US" })).rows[0];
    expect(blank && "values" in blank && blank.values.checkInTime).toBeUndefined();
  });
});

describe("dates in the account's locale", () => {
  it("accepts ISO everywhere, month first in the US and day first in Britain and elsewhere", () => {
    expect(stayCsvDateFormats("en-US")).toEqual(["YYYY-MM-DD", "M/D/YYYY"]);
    expect(stayCsvDateFormats("en")).toEqual(["YYYY-MM-DD", "M/D/YYYY"]);
    expect(stayCsvDateFormats("en-GB")).toEqual(["YYYY-MM-DD", "D/M/YYYY"]);
    expect(stayCsvDateFormats("de-DE")).toEqual(["YYYY-MM-DD", "D/M/YYYY"]);
    expect(stayCsvDateFormats("fr")).toEqual(["YYYY-MM-DD", "D/M/YYYY"]);
    expect(copy.stayImport.acceptedDates(stayCsvDateFormats("en-GB"))).toBe("Dates as YYYY-MM-DD or D/M/YYYY.");
  });

  it("reads 3/4/2027 as March 4th in en-US and as 3 April in en-GB; refuses two-digit years", () => {
    const text = `reservation_id,property_id,guest_first_name,check_in,check_out\nR,p,A,3/4/2027,3/5/2027\nS,p,B,24.12.2027,27-12-2027\nT,p,C,3/4/27,3/5/27\n`;
    const us = ok(parseStaysCsv(text, { locale: "en-US" })).rows;
    const gb = ok(parseStaysCsv(text, { locale: "en-GB" })).rows;
    expect(us[0]).toMatchObject({ values: { checkInDate: "2027-03-04", checkOutDate: "2027-03-05" } });
    expect(gb[0]).toMatchObject({ values: { checkInDate: "2027-04-03", checkOutDate: "2027-05-03" } });
    expect(us[1]).toMatchObject({ error: { code: "invalid-date" } });
    expect(gb[1]).toMatchObject({ values: { checkInDate: "2027-12-24", checkOutDate: "2027-12-27" } });
    expect(gb[2]).toMatchObject({ error: { code: "invalid-date", params: { column: "check_in" } } });
  });
});

describe("a large file", () => {
  it("reads 5,000 rows quickly", () => {
    const lines = [HEADER];
    for (let i = 0; i < 5_000; i++) {
      lines.push(
        `R${i},property-${i % 50},Guest${i},Family${i},g${i}@example.com,+1 555 0100,en,${inDays(i % 365)},15:00,${inDays((i % 365) + 3)},11:00,2,0,${1000 + i}`,
      );
    }
    const text = lines.join("\n");
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = ok(parseStaysCsv(text, { locale: "en-US" }));
    const ms = performance.now() - started;
    expect(result.rows).toHaveLength(5_000);
    expect(result.rows.every((r) => "values" in r)).toBe(true);
    // Reported, never asserted as a budget.
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    console.info(
      `parseStaysCsv: 5,000 rows (${(text.length / 1e6).toFixed(2)} MB) in ${ms.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB`,
    );
  });
});
