import { copy } from "@doorstep/shared/copy";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * The dashboard's copy for zod's generic issues. The shared schemas are the server's request schemas and
 * mostly carry no wording of their own; where one does (a hex colour, a web address) its message wins, as
 * zod prefers a schema's message to the one given at parse time. Anything else reads as the server's own
 * refusal of the same value would.
 */
export function formErrorMessage(issue: z.core.$ZodRawIssue): string {
  if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) return copy.common.required;
  if (issue.code === "invalid_format" && issue.format === "email") return copy.common.emailInvalid;
  return copy.common.genericError;
}

/**
 * react-hook-form's resolver for a shared request schema, in the dashboard's copy; the submit handler gets
 * the parsed values (trimmed, "" turned into null) that the server would parse the request into.
 */
export function schemaResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: formErrorMessage });
}

/** The problem with one value of a one-field editor, or undefined when the schema accepts it. */
export function fieldProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value, { error: formErrorMessage });
  return result.success ? undefined : result.error.issues[0]?.message;
}
