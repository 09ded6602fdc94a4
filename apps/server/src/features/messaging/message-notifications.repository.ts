import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conversationMessages, conversations, pushSubscriptions } from "../../db/schema/messaging.ts";
import { propertyLabelsOf } from "../properties/property-joins.service.ts";

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

/**
 * Claims conversations whose host has not been emailed yet: marked at once (FOR UPDATE SKIP LOCKED lets every
 * instance run the job while each is claimed once). A failed send hands the claim back.
 */
export async function claimNewConversations(db: Db, at: Date, limit: number) {
  const result = (await db.execute(sql`
    update ${conversations} set host_notified_at = ${iso(at)}
    where id in (
      select id from ${conversations} where host_notified_at is null
      order by created_at limit ${limit} for update skip locked
    )
    returning id, account_id, property_id, title`)) as unknown as Rows<{
    id: string;
    account_id: string;
    property_id: string;
    title: string;
  }>;
  return result.rows.map((r) => ({ id: r.id, accountId: r.account_id, propertyRowId: r.property_id, title: r.title }));
}

export async function releaseConversation(db: Db, id: string): Promise<void> {
  await db.update(conversations).set({ hostNotifiedAt: null }).where(eq(conversations.id, id));
}

/**
 * Claims messages the other side has not been told of: inbound ones still unread after `unreadBefore` (the
 * host's batch), and outbound ones (the guest's). Inbound messages read meanwhile are marked too, needing no
 * email, so the partial index stays small.
 */
export async function claimMessagesToNotify(db: Db, at: Date, unreadBefore: Date, limit: number) {
  await db.execute(sql`
    update ${conversationMessages} set notified_at = ${iso(at)}
    where notified_at is null and inbound and read_by_recipient`);
  const result = (await db.execute(sql`
    update ${conversationMessages} set notified_at = ${iso(at)}
    where id in (
      select id from ${conversationMessages}
      where notified_at is null
        and (not inbound or (not read_by_recipient and created_at <= ${iso(unreadBefore)}))
      order by created_at limit ${limit} for update skip locked
    )
    returning id, account_id, conversation_id, inbound, detail_text`)) as unknown as Rows<{
    id: string;
    account_id: string;
    conversation_id: string;
    inbound: boolean;
    detail_text: string;
  }>;
  return result.rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    conversationId: r.conversation_id,
    inbound: r.inbound,
    text: r.detail_text,
  }));
}

/** Marks a new conversation's guest messages as told (its email said it), so the batch does not repeat them. */
export async function markConversationMessagesNotified(db: Db, conversationIds: string[], at: Date) {
  if (conversationIds.length === 0) return;
  await db
    .update(conversationMessages)
    .set({ notifiedAt: at })
    .where(
      and(
        inArray(conversationMessages.conversationId, conversationIds),
        eq(conversationMessages.inbound, true),
        isNull(conversationMessages.notifiedAt),
      ),
    );
}

export async function releaseMessages(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(conversationMessages).set({ notifiedAt: null }).where(inArray(conversationMessages.id, ids));
}

/** Conversations with their property's weblink and title, and the guest's email. */
export function findConversationsForEmail(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const properties = propertyLabelsOf(db);
  return db
    .select({
      id: conversations.id,
      title: conversations.title,
      guestEmail: conversations.guestEmail,
      blocked: conversations.blocked,
      propertyId: properties.propertyId,
      propertyTitle: properties.title,
    })
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .where(inArray(conversations.id, ids));
}

export async function findFirstInboundText(db: Db, conversationId: string): Promise<string | null> {
  const [row] = await db
    .select({ text: conversationMessages.detailText })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.inbound, true)))
    .orderBy(conversationMessages.createdAt)
    .limit(1);
  return row?.text ?? null;
}

/** Claims the host's replies not yet pushed to the guest's browsers (same claim rules as the emails). */
export async function claimRepliesToPush(db: Db, at: Date, limit: number) {
  const result = (await db.execute(sql`
    update ${conversationMessages} m set pushed_at = ${iso(at)}
    from ${conversations} c
    where c.id = m.conversation_id and m.id in (
      select id from ${conversationMessages}
      where pushed_at is null and not inbound
      order by created_at limit ${limit} for update skip locked
    )
    returning m.id, m.conversation_id, m.detail_text, c.property_id, c.end_user_id`)) as unknown as Rows<{
    id: string;
    conversation_id: string;
    detail_text: string;
    property_id: string;
    end_user_id: string;
  }>;
  return result.rows.map((r) => ({
    id: r.id,
    conversationId: r.conversation_id,
    text: r.detail_text,
    propertyRowId: r.property_id,
    endUserId: r.end_user_id,
  }));
}

export async function releasePushed(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(conversationMessages).set({ pushedAt: null }).where(inArray(conversationMessages.id, ids));
}

/** The browsers of one guest on one guide, with the guide's weblink and title for the notification. */
export function findGuestSubscriptions(db: Db, propertyRowId: string, endUserId: string) {
  const properties = propertyLabelsOf(db);
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      propertyId: properties.propertyId,
      propertyTitle: properties.title,
    })
    .from(pushSubscriptions)
    .innerJoin(properties, eq(properties.id, pushSubscriptions.propertyId))
    .where(and(eq(pushSubscriptions.propertyId, propertyRowId), eq(pushSubscriptions.endUserId, endUserId)));
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
