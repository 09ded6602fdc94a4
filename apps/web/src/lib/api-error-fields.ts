import { ErrorIssue } from "@doorstep/shared/errors";
import { z } from "zod";
import { ApiError } from "./api-client.ts";

const Issues = z.array(ErrorIssue);

/**
 * The fields a failed request was refused for, each with the server's message for it (the catalogue's,
 * decision 035): a form shows them beside its fields. Kept out of api-client.ts, which the first view loads
 * without zod (decision 017).
 */
export function apiErrorFields(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = Issues.safeParse(error.issues);
  if (!parsed.success) return [];
  return parsed.data.flatMap(({ path, message }) => (typeof path[0] === "string" ? [{ field: path[0], message }] : []));
}
