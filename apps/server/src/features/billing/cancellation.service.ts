import { copy } from "@doorstep/shared/copy";
import { showsReviewInvitation } from "@doorstep/shared/rules/billing";
import type { CreateCancellationRequest } from "@doorstep/shared/schemas/billing";
import type { AppContext, Caller } from "../../app-context.ts";
import { cancellationConfirmationEmail, cancellationSupportEmail } from "./billing.emails.ts";
import { insertCancellationRequest } from "./billing.repository.ts";
import { requireBillingContext, SUPPORT_MAIL_RATE_LIMIT } from "./billing.service.ts";

/**
 * POST /api/billing/cancellation-requests (BILL-43…48, OPEN-28): stored with status "received" and
 * emailed to support and the host; support processes it by hand within 48 hours (IMPL-22). The host's
 * confirmation goes to the account's own email, never to the form's free text (no mail to strangers).
 */
export async function createCancellationRequest(ctx: AppContext, caller: Caller, input: CreateCancellationRequest) {
  const { account, user } = await requireBillingContext(ctx, caller);
  await ctx.rateLimiter.consume("billing-support-mail", account.id, SUPPORT_MAIL_RATE_LIMIT);
  const row = await insertCancellationRequest(ctx.db, {
    accountId: account.id,
    userId: user.id,
    name: input.name,
    email: input.email,
    tel: input.tel,
    request: input.request,
    reason: input.reason,
    message: input.message || null,
    status: "received",
  });
  await ctx.email.send(cancellationSupportEmail(ctx.config.supportEmail, { ...row, accountId: account.id }));
  await ctx.email.send(
    cancellationConfirmationEmail(user.email, input.name, copy.billing.cancellation.requests[input.request]),
  );
  return {
    request: { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() },
    reviewInvitation: showsReviewInvitation(input.request, input.reason),
  };
}
