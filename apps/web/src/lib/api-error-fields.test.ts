import { describe, expect, it } from "vitest";
import { apiErrorFields } from "./api-error-fields.ts";
import { toApiError } from "./api-client.ts";

const envelope = (error: object) => JSON.stringify({ error });

describe("apiErrorFields: the fields a refusal names, for a form", () => {
  it("reads each issue's field and message from the envelope", () => {
    const error = toApiError(
      400,
      envelope({
        code: "VALIDATION_FAILED",
        message: "Check-out must be after check-in.",
        issues: [
          { path: ["checkOutDate"], message: "Check-out must be after check-in." },
          { path: ["guestLanguage"], message: "Choose one of the guide's languages." },
        ],
      }),
    );
    expect(apiErrorFields(error)).toEqual([
      { field: "checkOutDate", message: "Check-out must be after check-in." },
      { field: "guestLanguage", message: "Choose one of the guide's languages." },
    ]);
  });

  it("answers none for an error without issues, a malformed list, or anything not an ApiError", () => {
    expect(apiErrorFields(toApiError(404, envelope({ code: "NOT_FOUND", message: "Stay not found" })))).toEqual([]);
    expect(apiErrorFields(toApiError(400, envelope({ code: "VALIDATION_FAILED", message: "x", issues: "x" })))).toEqual(
      [],
    );
    expect(apiErrorFields(toApiError(502, "<html>"))).toEqual([]);
    expect(apiErrorFields(new Error("offline"))).toEqual([]);
  });

  it("skips an issue about the whole body or a list position", () => {
    const error = toApiError(
      400,
      envelope({ code: "VALIDATION_FAILED", message: "x", issues: [{ path: [], message: "Nothing to update" }] }),
    );
    expect(apiErrorFields(error)).toEqual([]);
  });
});
