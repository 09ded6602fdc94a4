import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../error-codes.ts";
import { apiCodeOf, ERROR_STATUS, SPECIFIC_ERROR_CODES, type ErrorReason } from "../errors.ts";
import { apiErrorCopy, renderApiError } from "./api-errors.ts";

const specific = Object.keys(SPECIFIC_ERROR_CODES) as (keyof typeof SPECIFIC_ERROR_CODES)[];

describe("error codes (decision 035)", () => {
  it("answers each specific code with its API code's status, so a client sees what it saw before", () => {
    for (const code of specific) expect([code, ERROR_STATUS[code]]).toEqual([code, ERROR_STATUS[apiCodeOf(code)]]);
  });

  it("keeps the API codes and the specific ones apart: a specific code never names an API code", () => {
    for (const code of specific) expect(ERROR_CODES).not.toContain(code);
    for (const code of ERROR_CODES) expect(apiCodeOf(code)).toBe(code);
  });

  it("has a message in the catalogue for every code", () => {
    const reasons = [...ERROR_CODES, ...specific] as ErrorReason[];
    expect(Object.keys(apiErrorCopy).sort()).toEqual([...reasons].sort());
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...reasons].sort());
  });

  it("renders a message from its parameters", () => {
    expect(renderApiError("CATEGORY_FULL", { max: 30 })).toBe("A category holds at most 30 items.");
    expect(renderApiError("TOO_MANY_ATTEMPTS", { retryAfterSeconds: 61 })).toBe(
      "Too many attempts. Try again in 2 minutes.",
    );
    expect(renderApiError("UPLOAD_FILE_COUNT", { fields: ["file"], max: 1 })).toBe(
      "Upload exactly one file in the field `file`.",
    );
    expect(renderApiError("UPLOAD_FILE_COUNT", { fields: ["photos", "files"], max: 10 })).toBe(
      "Upload from 1 to 10 files in the fields `photos`, `files`.",
    );
    expect(renderApiError("DATABASE_UNREACHABLE", { redisDown: true })).toBe("Database unreachable; Redis unreachable");
    expect(renderApiError("NOT_FOUND", undefined)).toBe("Not found");
    expect(renderApiError("NOT_FOUND", { subject: "property" })).toBe("Property not found");
    expect(renderApiError("NOT_FOUND", { subject: "affiliate-label" })).toBe("No affiliate with this label");
  });
});
