import { DEFAULT_ANSWER_WITHIN_HOURS, type StoreCurrency } from "@doorstep/shared/schemas/store";
import { isCurrency } from "@doorstep/shared/rules/billing";
import type { UpdateStoreSettingsRequest } from "@doorstep/shared/schemas/store";
import type { AppContext } from "../../app-context.ts";
import { findSubscriptionSummary } from "../billing/billing.service.ts";
import { findAccount, findMasterUser } from "../users/user.service.ts";
import { findSettingsByConnectAccount, findStoreSettings, putStoreSettings } from "./store.repository.ts";

export interface StoreSettings {
  accountId: string;
  currency: StoreCurrency;
  answerWithinHours: number;
  connectAccountRef: string | null;
  connectReady: boolean;
}

/** The account's currency when its store has none yet: the subscription's, the account's, else usd. */
async function defaultCurrency(ctx: AppContext, accountId: string): Promise<StoreCurrency> {
  const billing = await findSubscriptionSummary(ctx, accountId);
  if (isCurrency(billing?.currency)) return billing.currency;
  const account = await findAccount(ctx, accountId);
  return isCurrency(account?.defaultCurrency) ? account.defaultCurrency : "usd";
}

/** The store's settings (defaults until the host saves any). */
export async function getStoreSettings(ctx: AppContext, accountId: string): Promise<StoreSettings> {
  const row = await findStoreSettings(ctx.db, accountId);
  if (row) return row;
  return {
    accountId,
    currency: await defaultCurrency(ctx, accountId),
    answerWithinHours: DEFAULT_ANSWER_WITHIN_HOURS,
    connectAccountRef: null,
    connectReady: false,
  };
}

export async function updateStoreSettings(
  ctx: AppContext,
  accountId: string,
  input: UpdateStoreSettingsRequest,
): Promise<StoreSettings> {
  const current = await getStoreSettings(ctx, accountId);
  return putStoreSettings(ctx.db, { ...current, ...input, updatedAt: ctx.now() });
}

/** Orders can be taken: always on the local gateway; on Stripe once the host's Connect account takes charges. */
export function storeReady(ctx: AppContext, settings: StoreSettings): boolean {
  return ctx.storePayments.kind === "local" || (settings.connectAccountRef !== null && settings.connectReady);
}

/** "Get paid": creates the host's Express account once and answers its onboarding address. */
export async function startConnectOnboarding(ctx: AppContext, accountId: string): Promise<string> {
  const settings = await getStoreSettings(ctx, accountId);
  let ref = settings.connectAccountRef;
  if (!ref) {
    const master = await findMasterUser(ctx, accountId);
    ref = await ctx.storePayments.createConnectAccount({
      accountId,
      email: master?.email ?? "",
      idempotencyKey: `connect-${accountId}`,
    });
    await putStoreSettings(ctx.db, { ...settings, connectAccountRef: ref, updatedAt: ctx.now() });
  }
  const back = `${ctx.config.publicUrl}/store?connect=done`;
  const url = await ctx.storePayments.connectOnboardingUrl(ref, back, `${ctx.config.publicUrl}/store?connect=retry`);
  // The local gateway has nothing to onboard: its account is ready at once.
  if (ctx.storePayments.kind === "local") await refreshConnectState(ctx, accountId);
  return url;
}

/** Reads the payout account's state from the provider (the host's return from onboarding). */
export async function refreshConnectState(ctx: AppContext, accountId: string): Promise<StoreSettings> {
  const settings = await getStoreSettings(ctx, accountId);
  if (!settings.connectAccountRef) return settings;
  const ready = await ctx.storePayments.connectReady(settings.connectAccountRef);
  if (ready === settings.connectReady) return settings;
  return putStoreSettings(ctx.db, { ...settings, connectReady: ready, updatedAt: ctx.now() });
}

/** An `account.updated` webhook: the account's ability to take charges changed. */
export async function applyConnectUpdate(ctx: AppContext, accountRef: string, ready: boolean): Promise<void> {
  const settings = await findSettingsByConnectAccount(ctx.db, accountRef);
  if (settings && settings.connectReady !== ready)
    await putStoreSettings(ctx.db, { ...settings, connectReady: ready, updatedAt: ctx.now() });
}
