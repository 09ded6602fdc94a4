import type { DeleteAccountRequest } from "@doorstep/shared/schemas/account";
import type { AppContext, Caller } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { purgeGuideCache } from "../lib/guide-purge.ts";
import { assertOwnPassword, endEverySignIn } from "../features/auth/auth.service.ts";
import { cancelAccountSubscription } from "../features/billing/billing.service.ts";
import { listPropertyChoices } from "../features/properties/property-choices.service.ts";
import {
  accountsDeletedBefore,
  eraseAccountRows,
  listAccountUsers,
  markAccountDeleted,
} from "../features/users/user.service.ts";

/** How long a deleted account can be restored before its data is erased (IMPL-33). */
export const ACCOUNT_ERASURE_DAYS = 30;

/**
 * The owner deletes the account (IMPL-33): after the password and "DELETE", the account is marked deleted — its
 * guides and stay links go offline at once (the liveness flag, caches purged), every session of every member ends,
 * the subscription is cancelled — and the `account-erasure` job erases it 30 days later.
 */
export async function deleteAccount(ctx: AppContext, caller: Caller, input: DeleteAccountRequest): Promise<void> {
  if (input.confirm !== "DELETE") throw new AppError("ACCOUNT_DELETE_CONFIRMATION");
  await assertOwnPassword(ctx, caller, input.password);
  const now = ctx.now();
  await markAccountDeleted(ctx, caller.accountId, now);
  for (const user of await listAccountUsers(ctx, caller.accountId)) await endEverySignIn(ctx, user.id, now);
  await cancelAccountSubscription(ctx, caller.accountId);
  for (const { propertyId } of await listPropertyChoices(ctx, caller.accountId)) await purgeGuideCache(ctx, propertyId);
}

/** The `account-erasure` job: accounts deleted 30 days ago lose their files, then their rows. */
export async function eraseDeletedAccounts(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - ACCOUNT_ERASURE_DAYS * 86_400_000);
  let erased = 0;
  for (const accountId of await accountsDeletedBefore(ctx, before)) {
    await ctx.storage.deletePrefix(`accounts/${accountId}/`);
    await eraseAccountRows(ctx, accountId);
    erased++;
  }
  return erased;
}
