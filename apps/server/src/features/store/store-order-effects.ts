import { copy } from "@doorstep/shared/copy";
import { storeLabels } from "@doorstep/shared/guide-i18n/store-labels";
import { formatMinor } from "@doorstep/shared/rules/billing";
import type { AppContext } from "../../app-context.ts";
import { emailLayout } from "../../providers/email/templates.ts";
import { publishMessageEvent } from "../messaging/message-events.service.ts";
import { getStay, updateStay } from "../stays/stays.service.ts";
import { getStayLink } from "../stays/stay-links.service.ts";
import { findMasterUser } from "../users/user.service.ts";
import { countPendingOrdersByProperty, moveOrder, type OfferRow, type OrderRow } from "./store.repository.ts";

/** An offer's title and description in `language`: its own, else English, else the first it has. */
export function offerText(offer: Pick<OfferRow, "texts">, language: string) {
  const texts = offer.texts;
  return (
    texts[language] ??
    texts[language.split("-")[0] ?? language] ??
    texts.en ??
    Object.values(texts)[0] ?? { title: "", description: "" }
  );
}

/** An amount in the store's currency for emails and the CSV ("£30.00"). */
export const money = (amount: number, currency: string) => formatMinor(amount, currency);

/** A time as the property's clock reads it, for emails and the guest ("28 Nov, 14:00"). */
export function zonedLabel(at: Date, timeZone: string, language = "en"): string {
  return new Intl.DateTimeFormat(language === "en" ? "en-GB" : language, {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone,
  }).format(at);
}

/** Approved (or instant) early check-in / late check-out: the stay's time moves, through the stays service. */
export async function applyStayTime(ctx: AppContext, order: OrderRow): Promise<void> {
  if (!order.slotTime || order.offerType === "extra") return;
  await updateStay(
    ctx,
    order.accountId,
    order.stayId,
    order.offerType === "early-check-in" ? { checkInTime: order.slotTime } : { checkOutTime: order.slotTime },
  );
}

/**
 * What follows every change of an order: the guest is emailed its state in their language, and a new request
 * reaches the host by email and the dashboard's live events. Failures here never undo the order.
 */
export async function afterOrderChange(
  ctx: AppContext,
  order: OrderRow,
  options: { newRequest?: boolean; hostEmailSubject?: string; hostEmailIntro?: string } = {},
): Promise<void> {
  try {
    const stay = await getStay(ctx, order.accountId, order.stayId);
    const words = storeLabels(stay.guestLanguage);
    if (stay.guestEmail) {
      const link = await getStayLink(ctx, order.accountId, order.stayId);
      const url = `${ctx.config.publicUrl}/s/${link.token}/extras`;
      const status = words.statuses[order.status];
      const lines = [words.emailStatus(order.title, status), money(order.amount, order.currency)];
      if (order.hostNote) lines.push(words.declinedNote(order.hostNote));
      // No `links`: a stay link is a key the embedded outbox must not print to the log.
      await ctx.email.send({
        to: stay.guestEmail,
        template: "store-order-guest",
        subject: words.emailSubject(order.title),
        text: `${lines.join("\n\n")}\n\n${words.emailOpen}: ${url}\n`,
        html: emailLayout(words.emailSubject(order.title), lines, { label: words.emailOpen, url }),
      });
    }
    const host = await findMasterUser(ctx, order.accountId);
    const guest = `${stay.guestFirstName} ${stay.guestLastName}`.trim();
    const ordersUrl = `${ctx.config.publicUrl}/orders`;
    if (host && (options.newRequest || options.hostEmailSubject)) {
      const c = copy.orders;
      const deadline = order.deadlineAt ? zonedLabel(order.deadlineAt, stay.timeZone) : "";
      const subject = options.hostEmailSubject ?? c.emailHostSubject(order.title, guest);
      const intro =
        options.hostEmailIntro ?? c.emailHostIntro(guest, order.title, money(order.amount, order.currency), deadline);
      await ctx.email.send({
        to: host.email,
        template: "store-order-host",
        subject,
        text: `${intro}\n\n${c.emailHostOpen}: ${ordersUrl}\n`,
        html: emailLayout(subject, [intro], { label: c.emailHostOpen, url: ordersUrl }),
        links: [ordersUrl],
      });
    }
    if (options.newRequest) {
      const pendingByProperty = await countPendingOrdersByProperty(ctx.db, order.accountId);
      await publishMessageEvent(ctx, {
        type: "order-request",
        accountId: order.accountId,
        orderId: order.id,
        title: order.title,
        propertyId: order.propertyId,
        pendingCount: Object.values(pendingByProperty).reduce((sum, n) => sum + n, 0),
        pendingByProperty,
      });
    }
  } catch (err) {
    ctx.log.warn({ err, orderId: order.id }, "a store order's notices were not all sent");
  }
}

/**
 * A pending order whose stay was cancelled since: cancelled, its authorisation released (the guest's link shows
 * nothing any more, so no email). True when that happened.
 */
export async function cancelIfStayCancelled(ctx: AppContext, order: OrderRow): Promise<boolean> {
  const stay = await getStay(ctx, order.accountId, order.stayId).catch(() => null);
  if (stay && stay.status !== "cancelled") return false;
  const moved = await moveOrder(ctx.db, order.id, ["pending"], {
    status: "cancelled",
    payment: order.payment === "authorised" ? "released" : order.payment,
    decidedAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  if (moved && order.payment === "authorised" && order.paymentRef) await ctx.storePayments.release(order.paymentRef);
  return moved !== null;
}
