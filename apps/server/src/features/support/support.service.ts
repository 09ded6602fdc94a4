import type { SupportRequest } from "@doorstep/shared/schemas/support";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { supportRequestEmail } from "../../providers/email/templates.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { getUser } from "../users/user.service.ts";

/**
 * Sends a host's message to SUPPORT_EMAIL (PROP-20), with the account and property named and a reply-to of the
 * host, so support answers by email. A property of another account is 404.
 */
export async function contactSupport(ctx: AppContext, caller: Caller, input: SupportRequest): Promise<void> {
  const user = await getUser(ctx, caller.userId);
  let property: string | null = null;
  if (input.propertyId) {
    if (!(await propertyRowOf(ctx, caller.accountId, input.propertyId))) throw notFound("property");
    property = input.propertyId;
  }
  await ctx.email.send(
    supportRequestEmail(ctx.config.supportEmail, {
      subject: input.subject,
      message: input.message,
      fromName: [user.firstName, user.lastName].filter(Boolean).join(" "),
      fromEmail: user.email,
      accountId: caller.accountId,
      property,
    }),
  );
}
