import { describe, expect, it } from "vitest";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { MESSAGE_MAX_LENGTH } from "@doorstep/shared/rules/messaging";
import { GuestMessageFields } from "@doorstep/shared/schemas/messaging";
import { copy } from "@doorstep/shared/copy";
import { AppError } from "../lib/app-error.ts";
import { gateErrorText, guestErrorText, guestIssues } from "./guest-errors.ts";
import { guestFormIssues } from "./guest-messages.ts";

// Errors reach a guest by their code, in the guest's language (decision 035): nothing here reads English.
const fr = guideLabels("fr");
const g = copy.guestMessaging;

describe("guest errors", () => {
  it("says the codes a guest meets in the guest's language, from their parameters", () => {
    expect(guestErrorText(new AppError("GUEST_MESSAGES_OFF"), "fr")).toBe(fr.messaging.off);
    expect(guestErrorText(new AppError("TOO_MANY_FILES", { max: 10 }), "fr")).toBe(fr.messaging.tooManyFiles(10));
    expect(guestErrorText(new AppError("ATTACHMENT_TYPE"), "fr")).toBe(fr.messaging.fileType);
    expect(guestErrorText(new AppError("INVALID_PASSCODE"), "fr")).toBe(fr.guide.passcodeWrong);
    expect(guestErrorText(new AppError("PASSCODE_TOO_MANY", { retryAfterSeconds: 120 }), "fr")).toBe(
      fr.guide.passcodeTooMany(120),
    );
  });

  it("says any other code in the catalogue's English, as the API does", () => {
    const error = new AppError("PDF_ACTIVE");
    expect(guestErrorText(error, "fr")).toBe(copy.content.pdfActive);
    expect(error.message).toBe(copy.content.pdfActive);
  });

  it("tells the form's issues apart by field and kind, and words them in English or the guest's language", () => {
    const parsed = GuestMessageFields.safeParse({
      firstName: " ",
      lastName: "Doe",
      message: "x".repeat(MESSAGE_MAX_LENGTH + 1),
      email: "not an email",
    });
    expect(parsed.success).toBe(false);
    const issues = guestFormIssues(parsed.error!.issues);
    expect(issues.map((i) => [i.path, i.reason, i.message])).toEqual([
      [["firstName"], "GUEST_FIELD_REQUIRED", g.required(g.firstName)],
      [["message"], "GUEST_MESSAGE_TOO_LONG", g.messageTooLong(MESSAGE_MAX_LENGTH)],
      [["email"], "GUEST_EMAIL_INVALID", g.emailInvalid],
    ]);
    const error = new AppError("VALIDATION_FAILED", undefined, { issues });
    expect(guestIssues(error, "fr")).toEqual([
      { path: ["firstName"], message: fr.messaging.required(fr.messaging.firstName) },
      { path: ["message"], message: fr.messaging.messageTooLong(MESSAGE_MAX_LENGTH) },
      { path: ["email"], message: fr.messaging.emailInvalid },
    ]);
  });

  it("reads any refused gate form as the passcode's format", () => {
    const error = new AppError("PASSCODE_FORMAT", undefined, { issues: [{ path: ["lang"], message: "Too big" }] });
    expect(gateErrorText(error, "fr")).toBe(fr.guide.passcodeFormat);
    expect(gateErrorText(error, "en")).toBe(copy.guide.passcodeFormat);
    expect(gateErrorText(new AppError("INVALID_PASSCODE"), "de")).toBe(guideLabels("de").guide.passcodeWrong);
  });
});
