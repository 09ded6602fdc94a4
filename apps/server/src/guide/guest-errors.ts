import type { ErrorIssue } from "@doorstep/shared/errors";
import type { ErrorParams } from "@doorstep/shared/copy/api-errors";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import type { AppError, AppErrorIssue } from "../lib/app-error.ts";

type Coded = Pick<AppErrorIssue, "reason" | "params" | "message">;

/**
 * What a guest reads for an error or an issue: the codes a guest meets in the guest's language (guide-i18n),
 * rendered from their parameters; any other code in the catalogue's English, as the API sends it.
 */
export function guestErrorText(coded: Coded, language: string): string {
  const labels = guideLabels(language);
  const m = labels.messaging;
  const t = labels.guide;
  switch (coded.reason) {
    case "GUEST_FIELD_REQUIRED":
      return m.required(m[(coded.params as ErrorParams<"GUEST_FIELD_REQUIRED">).field]);
    case "GUEST_MESSAGE_TOO_LONG":
      return m.messageTooLong((coded.params as ErrorParams<"GUEST_MESSAGE_TOO_LONG">).max);
    case "GUEST_EMAIL_INVALID":
      return m.emailInvalid;
    case "TOO_MANY_FILES":
      return m.tooManyFiles((coded.params as ErrorParams<"TOO_MANY_FILES">).max);
    case "ATTACHMENT_TYPE":
      return m.fileType;
    case "GUEST_MESSAGES_OFF":
      return m.off;
    case "PASSCODE_FORMAT":
      return t.passcodeFormat;
    case "INVALID_PASSCODE":
      return t.passcodeWrong;
    case "PASSCODE_TOO_MANY":
      return t.passcodeTooMany((coded.params as ErrorParams<"PASSCODE_TOO_MANY">).retryAfterSeconds);
    default:
      return coded.message;
  }
}

/** An error's issues for a guest: each issue's message in the guest's language (`guestErrorText`). */
export function guestIssues(error: AppError, language: string): ErrorIssue[] {
  return (error.issues ?? []).map((issue) => ({ path: issue.path, message: guestErrorText(issue, language) }));
}

/**
 * The passcode gate's error for a guest (GUIDE-07): any refused form is the passcode's format (the gate has
 * one field), a wrong code and too many tries their own; the rest as `guestErrorText`.
 */
export function gateErrorText(error: AppError, language: string): string {
  return error.code === "VALIDATION_FAILED"
    ? guideLabels(language).guide.passcodeFormat
    : guestErrorText(error, language);
}
