import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import {
  DEFAULT_STAY_END,
  DEFAULT_STAY_REVEAL_DAYS,
  stayWindow,
  type StayEndChoice,
  type StayRevealDays,
} from "@doorstep/shared/rules/stay-reveal";
import type { UpdateStayLinkSettingsInput } from "@doorstep/shared/schemas/stay-links";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { purgeStayPages } from "../../lib/guide-purge.ts";
import { stayLinkEmail } from "../../providers/email/templates.ts";
import {
  countStayLinkOpen,
  findStayLink,
  findStayLinkByHash,
  findStayLinkSettings,
  putStayLink,
  putStayLinkSettings,
  type StayLinkRow,
} from "./stay-links.repository.ts";
import { findStayView } from "./stays.repository.ts";
import { getStay, stayOf, type Stay } from "./stays.service.ts";
import { updateStayRow } from "./stay-writes.repository.ts";

/** An account's choice of when stay details appear and vanish (decision 042). */
export interface StayLinkSettings {
  revealDaysBefore: StayRevealDays;
  endsAt: StayEndChoice;
}

/** A stay's guest link as the host sees it. */
export interface StayLink {
  token: string;
  openedCount: number;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  releasedAt: Date | null;
  revealAt: Date;
  endAt: Date;
  active: boolean;
}

/** 192 random bits, base64url: 32 characters, nothing to guess. */
const newToken = () => randomBytes(24).toString("base64url");
/** What the database holds and is searched by: a leaked table gives no working link. */
// One-shot (crypto.hash): a stay page served from memory hashes its token on every request, and the one-shot
// form costs a quarter of createHash's object and stream.
export const stayTokenHash = (token: string) => hash("sha256", token, "base64url");

export async function getStayLinkSettings(ctx: AppContext, accountId: string): Promise<StayLinkSettings> {
  const row = await findStayLinkSettings(ctx.db, accountId);
  return {
    revealDaysBefore: (row?.revealDaysBefore ?? DEFAULT_STAY_REVEAL_DAYS) as StayRevealDays,
    endsAt: row?.endsAt ?? DEFAULT_STAY_END,
  };
}

export async function updateStayLinkSettings(
  ctx: AppContext,
  accountId: string,
  input: UpdateStayLinkSettingsInput,
): Promise<StayLinkSettings> {
  await putStayLinkSettings(ctx.db, { accountId, ...input, updatedAt: ctx.now() });
  await purgeStayPages(ctx, `account:${accountId}`);
  return getStayLinkSettings(ctx, accountId);
}

/** When a stay's details appear and vanish under the account's settings. */
export function windowOf(stay: Stay, settings: StayLinkSettings) {
  return stayWindow({ ...stay, ...settings, releasedAt: stay.detailsReleasedAt });
}

function linkOf(ctx: AppContext, row: StayLinkRow, stay: Stay, settings: StayLinkSettings): StayLink {
  const { revealAt, endAt } = windowOf(stay, settings);
  return {
    token: ctx.secrets.open(row.tokenEncrypted),
    openedCount: row.openedCount,
    firstOpenedAt: row.firstOpenedAt,
    lastOpenedAt: row.lastOpenedAt,
    releasedAt: stay.detailsReleasedAt,
    revealAt,
    endAt,
    active: stay.status === "confirmed",
  };
}

async function writeLink(ctx: AppContext, stay: Stay, onlyIfNone: boolean): Promise<StayLinkRow> {
  const token = newToken();
  return putStayLink(
    ctx.db,
    {
      stayId: stay.id,
      accountId: stay.accountId,
      tokenHash: stayTokenHash(token),
      tokenEncrypted: ctx.secrets.seal(token),
      createdAt: ctx.now(),
    },
    onlyIfNone,
  );
}

/** The account's stay's link, made on first read; another account's stay answers 404. */
export async function getStayLink(ctx: AppContext, accountId: string, stayId: string): Promise<StayLink> {
  const stay = await getStay(ctx, accountId, stayId);
  const row = (await findStayLink(ctx.db, accountId, stayId)) ?? (await writeLink(ctx, stay, true));
  return linkOf(ctx, row, stay, await getStayLinkSettings(ctx, accountId));
}

/** "New link": a new token replaces the old, which stops working on the next request (nothing caches it). */
export async function replaceStayLink(ctx: AppContext, accountId: string, stayId: string): Promise<StayLink> {
  const stay = await getStay(ctx, accountId, stayId);
  const row = await writeLink(ctx, stay, false);
  await purgeStayPages(ctx, stay.id);
  return linkOf(ctx, row, stay, await getStayLinkSettings(ctx, accountId));
}

/** "Show details now": the stay's details are shown on its link from now on, whatever the reveal setting. */
export async function releaseStayDetails(ctx: AppContext, accountId: string, stayId: string): Promise<StayLink> {
  const stay = await getStay(ctx, accountId, stayId);
  if (stay.status === "cancelled") throw new AppError("STAY_CANCELLED");
  if (!stay.detailsReleasedAt) {
    await updateStayRow(ctx.db, accountId, stayId, { detailsReleasedAt: ctx.now() });
    await purgeStayPages(ctx, stayId);
  }
  return getStayLink(ctx, accountId, stayId);
}

/** "Send to guest": the link by email to the stay's guest, in the stay's language. */
export async function sendStayLink(
  ctx: AppContext,
  accountId: string,
  stayId: string,
  url: (token: string) => string,
): Promise<{ sentTo: string }> {
  const stay = await getStay(ctx, accountId, stayId);
  if (stay.status === "cancelled") throw new AppError("STAY_CANCELLED");
  if (!stay.guestEmail) throw new AppError("STAY_NO_GUEST_EMAIL");
  const link = await getStayLink(ctx, accountId, stayId);
  const words = guideLabels(stay.guestLanguage).stay;
  const message = stayLinkEmail(
    stay.guestEmail,
    {
      subject: words.emailSubject(stay.propertyTitle),
      intro: words.emailIntro(stay.guestFirstName, stay.propertyTitle),
      button: words.emailButton,
    },
    url(link.token),
    stay.guestLanguage,
  );
  await ctx.email.send(message);
  return { sentTo: stay.guestEmail };
}

/** What a stay link opens: the stay (any status: a cancelled one answers "no longer active"), and its window. */
export interface StayByLink {
  stay: Stay;
  settings: StayLinkSettings;
}

/**
 * The stay a guest's token names, or null. Found by the token's hash (an index lookup), then the hashes are
 * compared in constant time, so the answer's timing says nothing of how close a guess came.
 */
export async function findStayByLinkToken(ctx: AppContext, token: string): Promise<StayByLink | null> {
  if (token.length < 20 || token.length > 64) return null;
  const hash = stayTokenHash(token);
  const row = await findStayLinkByHash(ctx.db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  const view = await findStayView(ctx.db, row.accountId, row.stayId);
  if (!view) return null;
  return { stay: stayOf(ctx, view), settings: await getStayLinkSettings(ctx, row.accountId) };
}

/** Counts a guest's openings of their link ("Opened {date}, {n} times"): one, or a batch counted in memory. */
export async function recordStayLinkOpen(ctx: AppContext, stayId: string, times = 1, at = ctx.now()): Promise<void> {
  await countStayLinkOpen(ctx.db, stayId, at, times);
}
