// Changing the login email spans users (the address, the notice to the old one) and auth (the session is
// rotated, decision 011): users sits below auth, so the two steps are joined here.
import type { UpdateEmailRequest } from "@doorstep/shared/schemas/user";
import type { AppContext, Caller, RequestMeta } from "../app-context.ts";
import { rotateSession } from "../features/auth/session.service.ts";
import { updateEmail } from "../features/users/user.service.ts";

/** PUT /api/me/email: the new token of the caller's rotated session, or null when nothing changed. */
export async function changeEmail(
  ctx: AppContext,
  caller: Caller,
  input: UpdateEmailRequest,
  meta: RequestMeta,
): Promise<string | null> {
  if (!(await updateEmail(ctx, caller, input))) return null;
  // The old token is revoked at once, so a token copied before the change cannot ride on it.
  return rotateSession(ctx, caller, meta);
}
