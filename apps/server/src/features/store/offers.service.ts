import type { OfferDto, OfferInput, StoreResponse } from "@doorstep/shared/schemas/store";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { inPropertyScope, isPropertyLimited, propertySetInScope } from "../../lib/property-scope.ts";
import { sanitizeRichText } from "../../lib/sanitize.ts";
import { deleteStoredFile, storeImage } from "../../lib/uploads.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { fileUrl } from "../../lib/urls.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import { findOffer, insertOffer, listOffers, updateOffer, type OfferRow } from "./store.repository.ts";
import { getStoreSettings, refreshConnectState, storeReady, type StoreSettings } from "./store-settings.service.ts";

/** Property row ids → web link ids (and back), read once per call. */
async function propertyIdMap(ctx: AppContext, accountId: string, rowIds: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const id of new Set(rowIds)) {
    const p = await getStayProperty(ctx, accountId, { id });
    if (p) map.set(id, p.propertyId);
  }
  return map;
}

function toOfferDto(row: OfferRow, settings: StoreSettings, weblinks: Map<string, string>): OfferDto {
  return {
    id: row.id,
    type: row.type,
    texts: row.texts,
    slots: row.slots,
    amount: row.amount,
    per: row.per,
    maxQuantity: row.maxQuantity,
    confirmation: row.confirmation,
    // A property deleted since drops out of the list.
    propertyIds: row.propertyIds ? row.propertyIds.flatMap((id) => weblinks.get(id) ?? []) : null,
    photoUrl: fileUrl(row.photoKey),
    active: row.active,
    currency: settings.currency,
    createdAt: row.createdAt.toISOString(),
  };
}

async function offerDto(ctx: AppContext, accountId: string, row: OfferRow): Promise<OfferDto> {
  const settings = await getStoreSettings(ctx, accountId);
  return toOfferDto(row, settings, await propertyIdMap(ctx, accountId, row.propertyIds ?? []));
}

/**
 * The host's fields as stored: descriptions sanitised like guide content, web link ids as property rows. A
 * member limited to chosen properties names theirs, never all properties (decision 061).
 */
async function offerFields(ctx: AppContext, caller: Caller, input: OfferInput) {
  if (input.propertyIds === null && isPropertyLimited(caller))
    throw new AppError("ALL_PROPERTIES_NOT_ALLOWED", undefined, { at: ["propertyIds"] });
  let propertyIds: string[] | null = null;
  if (input.propertyIds) {
    propertyIds = [];
    for (const weblink of new Set(input.propertyIds)) {
      const p = await getStayProperty(ctx, caller.accountId, { propertyId: weblink });
      if (!p || !inPropertyScope(caller, p.id)) throw notFound("property");
      propertyIds.push(p.id);
    }
  }
  const texts = Object.fromEntries(
    Object.entries(input.texts).map(([lang, t]) => [
      lang,
      { title: t.title, description: t.description ? sanitizeRichText(t.description) : "" },
    ]),
  );
  const extra = input.type === "extra";
  return {
    type: input.type,
    texts,
    slots: extra ? [] : [...input.slots].sort((a, b) => a.time.localeCompare(b.time)),
    amount: extra ? input.amount : null,
    per: extra ? input.per : "stay",
    maxQuantity: extra ? input.maxQuantity : 1,
    confirmation: input.confirmation,
    propertyIds,
    active: input.active,
  } as const;
}

/**
 * One of the account's offers the caller may reach, or null: a member limited to chosen properties reaches only
 * the offers whose properties are all theirs, never one for all properties (decision 061).
 */
async function reachableOffer(ctx: AppContext, caller: Caller, offerId: string): Promise<OfferRow | null> {
  const row = await findOffer(ctx.db, caller.accountId, offerId);
  return row && propertySetInScope(caller, row.propertyIds) ? row : null;
}

/** `/store`: settings, the payout account's state and every offer (a limited member's: those wholly theirs). */
export async function getStore(ctx: AppContext, caller: Caller): Promise<StoreResponse> {
  let settings = await getStoreSettings(ctx, caller.accountId);
  if (settings.connectAccountRef && !settings.connectReady) settings = await refreshConnectState(ctx, caller.accountId);
  const rows = (await listOffers(ctx.db, caller.accountId)).filter((r) => propertySetInScope(caller, r.propertyIds));
  const weblinks = await propertyIdMap(
    ctx,
    caller.accountId,
    rows.flatMap((r) => r.propertyIds ?? []),
  );
  return {
    settings: { currency: settings.currency, answerWithinHours: settings.answerWithinHours },
    payout: {
      gateway: ctx.storePayments.kind,
      connected: ctx.storePayments.kind === "local" || settings.connectAccountRef !== null,
      ready: storeReady(ctx, settings),
    },
    offers: rows.map((r) => toOfferDto(r, settings, weblinks)),
  };
}

export async function getOffer(ctx: AppContext, caller: Caller, offerId: string): Promise<OfferDto> {
  const row = await reachableOffer(ctx, caller, offerId);
  if (!row) throw notFound("offer");
  return offerDto(ctx, caller.accountId, row);
}

export async function createOffer(ctx: AppContext, caller: Caller, input: OfferInput): Promise<OfferDto> {
  const now = ctx.now();
  const row = await insertOffer(ctx.db, {
    accountId: caller.accountId,
    ...(await offerFields(ctx, caller, input)),
    createdAt: now,
    updatedAt: now,
  });
  return offerDto(ctx, caller.accountId, row);
}

export async function editOffer(
  ctx: AppContext,
  caller: Caller,
  offerId: string,
  input: OfferInput,
): Promise<OfferDto> {
  if (!(await reachableOffer(ctx, caller, offerId))) throw notFound("offer");
  const fields = await offerFields(ctx, caller, input);
  const row = await updateOffer(ctx.db, caller.accountId, offerId, { ...fields, updatedAt: ctx.now() });
  if (!row) throw notFound("offer");
  return offerDto(ctx, caller.accountId, row);
}

/** Deletes an offer (kept for its orders, gone from the store). */
export async function deleteOffer(ctx: AppContext, caller: Caller, offerId: string): Promise<void> {
  if (!(await reachableOffer(ctx, caller, offerId))) throw notFound("offer");
  const now = ctx.now();
  const row = await updateOffer(ctx.db, caller.accountId, offerId, { deletedAt: now, active: false, updatedAt: now });
  if (!row) throw notFound("offer");
}

export async function setOfferPhoto(
  ctx: AppContext,
  caller: Caller,
  offerId: string,
  readUpload: () => Promise<ReceivedFile>,
): Promise<OfferDto> {
  const offer = await reachableOffer(ctx, caller, offerId);
  if (!offer) throw notFound("offer");
  const key = await storeImage(ctx, `accounts/${caller.accountId}/store/${offer.id}`, "photo", await readUpload());
  const row = await updateOffer(ctx.db, caller.accountId, offerId, { photoKey: key, updatedAt: ctx.now() });
  if (!row) {
    await deleteStoredFile(ctx, key);
    throw notFound("offer");
  }
  await deleteStoredFile(ctx, offer.photoKey);
  return offerDto(ctx, caller.accountId, row);
}

export async function removeOfferPhoto(ctx: AppContext, caller: Caller, offerId: string): Promise<OfferDto> {
  const offer = await reachableOffer(ctx, caller, offerId);
  if (!offer) throw notFound("offer");
  const row = await updateOffer(ctx.db, caller.accountId, offerId, { photoKey: null, updatedAt: ctx.now() });
  if (!row) throw notFound("offer");
  await deleteStoredFile(ctx, offer.photoKey);
  return offerDto(ctx, caller.accountId, row);
}
