import type { CreateStayInput, StaySource, StayStatus, UpdateStayInput } from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { purgeStayPages } from "../../lib/guide-purge.ts";
import { getStayProperty, guideLanguages, type StayProperty } from "../properties/property-stays.service.ts";
import { checkOutIsAfterCheckIn, searchableName, stayInstants, type WallTimes } from "./stay-rules.ts";
import { notifyStaysChanged } from "./stay-schedule.service.ts";
import { findStayView, type StayPatch, type StayView, findStayPropertyRowId } from "./stays.repository.ts";
import {
  findPropertyStayTimes,
  findStaysBySource,
  insertStays,
  setStayInstants,
  updateStayRow,
} from "./stay-writes.repository.ts";

/** A stay of one of the account's live guides (decision 040). Days and times are the property's wall clock. */
export interface Stay {
  id: string;
  accountId: string;
  /** The property's row id, weblink, title and zone. */
  propertyRowId: string;
  propertyId: string;
  propertyTitle: string;
  timeZone: string;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string | null;
  guestPhone: string | null;
  guestLanguage: string;
  adults: number;
  children: number;
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  checkInAt: Date;
  checkOutAt: Date;
  doorCode: string | null;
  notes: string | null;
  source: StaySource;
  sourceId: string | null;
  feedId: string | null;
  channel: string | null;
  status: StayStatus;
  /** Another confirmed stay of the property overlaps this one (read, never stored). */
  possibleDoubleBooking: boolean;
  cancelledAt: Date | null;
  /** "Show details now" on the guest link: the details were released early, by hand. */
  detailsReleasedAt: Date | null;
  contactErasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type Secrets = Pick<AppContext, "secrets">;

/** The domain stay of a view row: the door code opened. */
export function stayOf(ctx: Secrets, v: StayView): Stay {
  const { doorCodeEncrypted, guestSearch: _search, propertyId: propertyRowId, propertyWeblink, ...rest } = v;
  return {
    ...rest,
    propertyRowId,
    propertyId: propertyWeblink,
    doorCode: doorCodeEncrypted ? ctx.secrets.open(doorCodeEncrypted) : null,
  };
}

/** The account's stay on a live guide, or 404 (another account's, a deleted property's, or none). */
export async function getStay(ctx: AppContext, accountId: string, stayId: string): Promise<Stay> {
  const view = await findStayView(ctx.db, accountId, stayId);
  if (!view) throw notFound("stay");
  return stayOf(ctx, view);
}

/** The account's live guide by weblink, or 404. */
export async function requireStayProperty(ctx: AppContext, accountId: string, propertyId: string) {
  const property = await getStayProperty(ctx, accountId, { propertyId });
  if (!property) throw notFound("property");
  return property;
}

/** Refuses wall times whose check-out is not after check-in, and a language the guide does not have. */
export function assertStayFields(property: StayProperty, times: WallTimes, language: string | undefined): void {
  if (!checkOutIsAfterCheckIn(times))
    throw new AppError("STAY_CHECK_OUT_BEFORE_CHECK_IN", undefined, { at: ["checkOutDate"] });
  if (language !== undefined && !guideLanguages(property).includes(language))
    throw new AppError("STAY_LANGUAGE_NOT_IN_GUIDE", undefined, { at: ["guestLanguage"] });
}

/**
 * Adds a stay to one of the account's properties: blank times are the property's defaults, a blank language its
 * guide's default. With a `sourceId` already held for the property and source, answers that stay unchanged
 * (`created: false`): a system may send the same reservation twice.
 */
export async function createStay(
  ctx: AppContext,
  accountId: string,
  input: CreateStayInput,
  source: StaySource = "manual",
): Promise<{ stay: Stay; created: boolean }> {
  const property = await requireStayProperty(ctx, accountId, input.propertyId);
  const existing = async () => {
    if (!input.sourceId) return null;
    const [row] = await findStaysBySource(ctx.db, property.id, { source }, [input.sourceId]);
    return row ? { stay: await getStay(ctx, accountId, row.id), created: false } : null;
  };
  const found = await existing();
  if (found) return found;
  const times = {
    checkInDate: input.checkInDate,
    checkInTime: input.checkInTime ?? property.defaultCheckInTime,
    checkOutDate: input.checkOutDate,
    checkOutTime: input.checkOutTime ?? property.defaultCheckOutTime,
  };
  assertStayFields(property, times, input.guestLanguage);
  const now = ctx.now();
  try {
    const [id] = await insertStays(ctx.db, [
      {
        accountId,
        propertyId: property.id,
        guestFirstName: input.guestFirstName,
        guestLastName: input.guestLastName,
        guestSearch: searchableName(input.guestFirstName, input.guestLastName),
        guestEmail: input.guestEmail ?? null,
        guestPhone: input.guestPhone ?? null,
        guestLanguage: input.guestLanguage ?? property.defaultLanguage,
        adults: input.adults,
        children: input.children,
        ...times,
        ...stayInstants(times, property.timeZone),
        doorCodeEncrypted: input.doorCode ? ctx.secrets.seal(input.doorCode) : null,
        notes: input.notes ?? null,
        source,
        sourceId: input.sourceId ?? null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await notifyStaysChanged(ctx, [id!]);
    return { stay: await getStay(ctx, accountId, id!), created: true };
  } catch (error) {
    // Two creates of one reservation at once: the unique index keeps one, and the other answers it.
    if (isUniqueViolation(error)) {
      const raced = await existing();
      if (raced) return raced;
    }
    throw error;
  }
}

/** Changes a stay's own fields; check-out is checked against check-in with the stored values filled in. */
export async function updateStay(
  ctx: AppContext,
  accountId: string,
  stayId: string,
  input: UpdateStayInput,
): Promise<Stay> {
  const stay = await getStay(ctx, accountId, stayId);
  const property = await getStayProperty(ctx, accountId, { id: stay.propertyRowId });
  if (!property) throw notFound("stay");
  const times = {
    checkInDate: input.checkInDate ?? stay.checkInDate,
    checkInTime: input.checkInTime ?? stay.checkInTime,
    checkOutDate: input.checkOutDate ?? stay.checkOutDate,
    checkOutTime: input.checkOutTime ?? stay.checkOutTime,
  };
  assertStayFields(property, times, input.guestLanguage);
  const { doorCode, ...fields } = input;
  const patch: StayPatch = { ...fields, ...times, ...stayInstants(times, property.timeZone), updatedAt: ctx.now() };
  if (doorCode !== undefined) patch.doorCodeEncrypted = doorCode ? ctx.secrets.seal(doorCode) : null;
  if (input.guestFirstName !== undefined || input.guestLastName !== undefined)
    patch.guestSearch = searchableName(
      input.guestFirstName ?? stay.guestFirstName,
      input.guestLastName ?? stay.guestLastName,
    );
  await updateStayRow(ctx.db, accountId, stayId, patch);
  await purgeStayPages(ctx, stayId);
  await notifyStaysChanged(ctx, [stayId]);
  return getStay(ctx, accountId, stayId);
}

/** Cancels a stay (kept, marked cancelled); cancelling a cancelled stay changes nothing. */
export async function cancelStay(ctx: AppContext, accountId: string, stayId: string): Promise<Stay> {
  const stay = await getStay(ctx, accountId, stayId);
  if (stay.status === "cancelled") return stay;
  const now = ctx.now();
  await updateStayRow(ctx.db, accountId, stayId, { status: "cancelled", cancelledAt: now, updatedAt: now });
  await purgeStayPages(ctx, stayId);
  await notifyStaysChanged(ctx, [stayId]);
  return getStay(ctx, accountId, stayId);
}

/**
 * Recomputes the instants of a property's stays after its zone changed: the wall times stay as written, and
 * what follows the stays' times (scheduled messages) moves with them.
 */
export async function recomputeStayInstants(ctx: AppContext, propertyRowId: string, timeZone: string): Promise<number> {
  const rows = await findPropertyStayTimes(ctx.db, propertyRowId);
  const BATCH = 1000;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r) => ({ id: r.id, ...stayInstants(r, timeZone) }));
    await setStayInstants(ctx.db, batch);
    await notifyStaysChanged(
      ctx,
      batch.map((r) => r.id),
    );
  }
  return rows.length;
}

/** The property row a stay of the account belongs to, or null: the permission hook's property scope (decision 056). */
export function stayPropertyRowId(ctx: AppContext, accountId: string, stayId: string): Promise<string | null> {
  return findStayPropertyRowId(ctx.db, accountId, stayId);
}
