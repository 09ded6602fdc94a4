import { describe, expect, it } from "vitest";
import { AppError, issueAt, notFound } from "./app-error.ts";

// An error is a code with parameters; its API code, status and English follow from them (decision 035).
describe("AppError", () => {
  it("answers a specific code with its API code and status, the message rendered from its parameters", () => {
    const error = new AppError("CATEGORY_FULL", { max: 30 });
    expect([error.reason, error.code, error.status, error.message]).toEqual([
      "CATEGORY_FULL",
      "CONFLICT",
      409,
      "A category holds at most 30 items.",
    ]);
    expect(error.params).toEqual({ max: 30 });
    expect(error.issues).toBeUndefined();
  });

  it("places the error at a field, with its own message or another code's", () => {
    expect(new AppError("REPLY_EMPTY", undefined, { at: ["text"] }).issues).toEqual([
      { path: ["text"], message: "Write a message or attach a file.", reason: "REPLY_EMPTY", params: undefined },
    ]);
    const plan = new AppError("PLAN_UNAVAILABLE", undefined, { at: ["planId"], issue: "PLAN_NOT_OFFERED" });
    expect(plan.message).toBe("This plan is not available.");
    expect(plan.issues?.map((i) => [i.path, i.message])).toEqual([[["planId"], "Not in your plans"]]);
    const issues = [issueAt(["email"], "GUEST_EMAIL_INVALID")];
    expect(new AppError("VALIDATION_FAILED", undefined, { issues }).issues).toBe(issues);
  });

  it("carries a rate limit's wait for the Retry-After header", () => {
    const error = new AppError("TOO_MANY_ATTEMPTS", { retryAfterSeconds: 45 });
    expect([error.code, error.status, error.retryAfterSeconds, error.message]).toEqual([
      "RATE_LIMITED",
      429,
      45,
      "Too many attempts. Try again in 45 seconds.",
    ]);
  });

  it("renders a bulk update's refused value from its detail and zod's issue code", () => {
    const error = new AppError(
      "BULK_VALUE_INVALID",
      { key: "PrimaryColour", issue: "invalid_format" },
      { at: ["values"] },
    );
    expect([error.code, error.reason, error.status, error.message]).toEqual([
      "VALIDATION_FAILED",
      "BULK_VALUE_INVALID",
      400,
      "Use a hex colour such as #1F6F68",
    ]);
    expect(error.issues).toEqual([
      {
        path: ["values"],
        message: "Use a hex colour such as #1F6F68",
        reason: "BULK_VALUE_INVALID",
        params: { key: "PrimaryColour", issue: "invalid_format" },
      },
    ]);
  });

  it("names what was not found from its subject, or says Not found", () => {
    const error = notFound("property");
    expect([error.code, error.status, error.params, error.message]).toEqual([
      "NOT_FOUND",
      404,
      { subject: "property" },
      "Property not found",
    ]);
    expect(notFound("property-copy").message).toBe("Copy not found");
    expect(notFound().message).toBe("Not found");
  });
});
