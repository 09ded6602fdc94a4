import { and, asc, count, desc, eq, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { conversationMessages, conversations, messageFiles, pushSubscriptions } from "../../db/schema/messaging.ts";
import { propertyLabelsOf } from "../properties/property-joins.service.ts";
import { stayLabelsOf } from "../stays/stay-labels.service.ts";
import { userFirstNameOf } from "../users/account-lookup.service.ts";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;
export type MessageFileRow = typeof messageFiles.$inferSelect;
export type NewMessageFile = typeof messageFiles.$inferInsert;

const unreadOf = sql<number>`(select count(*) from ${conversationMessages} m
  where m.conversation_id = ${conversations.id} and m.inbound and not m.read_by_recipient)`.mapWith(Number);
const lastTextOf = sql<string | null>`(select m.detail_text from ${conversationMessages} m
  where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`;

// A conversation with its property's weblink, title and whether it takes messages, and its stay's guest and
// days when it belongs to one, in one statement.
function selectSummaries(db: Db) {
  const property = propertyLabelsOf(db);
  const stay = stayLabelsOf(db);
  return db
    .select({
      conversation: conversations,
      propertyId: property.propertyId,
      propertyTitle: property.title,
      replyAllowed: property.inboundMessagingActive,
      unread: unreadOf,
      lastText: lastTextOf,
      stay: {
        id: stay.id,
        guestFirstName: stay.guestFirstName,
        guestLastName: stay.guestLastName,
        checkInDate: stay.checkInDate,
        checkOutDate: stay.checkOutDate,
      },
    })
    .from(conversations)
    .innerJoin(property, eq(property.id, conversations.propertyId))
    .leftJoin(stay, eq(stay.id, conversations.stayId));
}

/** A page of the account's conversations, latest message first (MSG-03), optionally of one property. */
export function listConversations(
  db: Db,
  accountId: string,
  options: {
    propertyRowId?: string;
    stayId?: string;
    /** A member's property scope (decision 056). */
    scope?: readonly string[] | null;
    cursor?: { at: Date; id: string };
    limit: number;
  },
) {
  const conditions = [eq(conversations.accountId, accountId)];
  if (options.propertyRowId) conditions.push(eq(conversations.propertyId, options.propertyRowId));
  if (options.stayId) conditions.push(eq(conversations.stayId, options.stayId));
  if (options.scope) conditions.push(inArray(conversations.propertyId, [...options.scope]));
  if (options.cursor) {
    const { at, id } = options.cursor;
    conditions.push(
      or(lt(conversations.latestMessageAt, at), and(eq(conversations.latestMessageAt, at), lt(conversations.id, id)))!,
    );
  }
  return selectSummaries(db)
    .where(and(...conditions))
    .orderBy(desc(conversations.latestMessageAt), desc(conversations.id))
    .limit(options.limit);
}

/** One of the account's conversations with its property; null for any other id. */
export async function findConversation(db: Db, accountId: string, id: string) {
  const rows = await selectSummaries(db)
    .where(and(eq(conversations.id, id), eq(conversations.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A guest's conversation on one property (one per EndUserId per property). */
export async function findGuestConversation(db: Db, propertyRowId: string, endUserId: string) {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.propertyId, propertyRowId), eq(conversations.endUserId, endUserId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A stay's conversation (decision 050). */
export async function findStayConversation(db: Db, stayId: string) {
  const rows = await db.select().from(conversations).where(eq(conversations.stayId, stayId)).limit(1);
  return rows[0] ?? null;
}

/** A conversation's messages, oldest first (MSG-06), with the host's first name on outbound ones. */
export function listMessages(db: Db, conversationId: string, limit: number) {
  return db
    .select({ message: conversationMessages, hostFirstName: userFirstNameOf(conversationMessages.linkedUserId) })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id))
    .limit(limit);
}

export function listFilesOf(db: Db, messageIds: string[]): Promise<MessageFileRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(messageFiles)
    .where(inArray(messageFiles.messageId, messageIds))
    .orderBy(asc(messageFiles.createdAt), asc(messageFiles.id));
}

/**
 * Stores a guest's message (GUIDE-18, IMPL-07): creates the guest's conversation on the property or continues
 * it, in one transaction. Null when the host blocked this guest: nothing is stored.
 */
export async function insertInboundMessage(
  db: Db,
  input: {
    messageId: string;
    accountId: string;
    propertyRowId: string;
    managerId: string | null;
    endUserId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    text: string;
    at: Date;
    /** Written from the stay's link: the stay's conversation, whoever began it (decision 050). */
    stayId?: string;
  },
): Promise<{ conversation: ConversationRow; message: MessageRow; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const find = (where: ReturnType<typeof and>) => tx.select().from(conversations).where(where).for("update").limit(1);
    const [ofStay] = input.stayId ? await find(eq(conversations.stayId, input.stayId)) : [];
    const [existing] = ofStay
      ? [ofStay]
      : await find(
          and(eq(conversations.propertyId, input.propertyRowId), eq(conversations.endUserId, input.endUserId)),
        );
    if (existing?.blocked) return null;
    const title = `${input.firstName} ${input.lastName}`;
    let conversation: ConversationRow;
    if (existing) {
      const [updated] = await tx
        .update(conversations)
        .set({
          latestMessageAt: input.at,
          ...(input.email ? { guestEmail: input.email } : {}),
          // The guest's earlier conversation on the property becomes the stay's, unless it is another stay's.
          ...(input.stayId && !existing.stayId ? { stayId: input.stayId } : {}),
        })
        .where(eq(conversations.id, existing.id))
        .returning();
      conversation = updated!;
    } else {
      const [made] = await tx
        .insert(conversations)
        .values({
          accountId: input.accountId,
          propertyId: input.propertyRowId,
          managerId: input.managerId,
          title,
          creatorFirstName: input.firstName,
          creatorLastName: input.lastName,
          endUserId: input.endUserId,
          guestEmail: input.email,
          stayId: input.stayId ?? null,
          latestMessageAt: input.at,
          createdAt: input.at,
        })
        .returning();
      conversation = made!;
    }
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        id: input.messageId,
        conversationId: conversation.id,
        accountId: input.accountId,
        inbound: true,
        readByRecipient: false,
        detailText: input.text,
        contactFirstName: input.firstName,
        contactLastName: input.lastName,
        endUserId: input.endUserId,
        createdAt: input.at,
      })
      .returning();
    return { conversation, message: message!, created: !existing };
  });
}

/** Stores the host's reply (MSG-11) and moves the conversation up the inbox. */
export async function insertOutboundMessage(
  db: Db,
  input: { id: string; accountId: string; conversationId: string; userId: string; text: string; at: Date },
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        id: input.id,
        conversationId: input.conversationId,
        accountId: input.accountId,
        inbound: false,
        // Outbound messages are the guest's to read; the host's unread count never counts them.
        readByRecipient: false,
        detailText: input.text,
        linkedUserId: input.userId,
        createdAt: input.at,
      })
      .returning();
    await tx.update(conversations).set({ latestMessageAt: input.at }).where(eq(conversations.id, input.conversationId));
    return message!;
  });
}

export async function insertMessageFiles(db: Db, rows: NewMessageFile[]): Promise<MessageFileRow[]> {
  if (rows.length === 0) return [];
  return db.insert(messageFiles).values(rows).returning();
}

/** Marks the given inbound messages of the account's conversation read (MSG-10); other ids are ignored. */
export async function markInboundRead(db: Db, accountId: string, conversationId: string, ids: string[]) {
  await db
    .update(conversationMessages)
    .set({ readByRecipient: true })
    .where(
      and(
        eq(conversationMessages.accountId, accountId),
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.inbound, true),
        inArray(conversationMessages.id, ids),
      ),
    );
}

/** MSG-18: the account's unread inbound messages as a scalar subquery (all its conversations). */
export function unreadCountSql(accountId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from ${conversationMessages} where ${conversationMessages.accountId} = ${accountId} and ${conversationMessages.inbound} and not ${conversationMessages.readByRecipient})`;
}

/** MSG-18: inbound messages not yet read in the account's conversations. */
export async function countUnread(db: Db, accountId: string, scope?: readonly string[] | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.accountId, accountId),
        sql`${conversationMessages.inbound} and not ${conversationMessages.readByRecipient}`,
        // A member limited to chosen properties counts only their conversations (decision 056).
        scope
          ? inArray(
              conversationMessages.conversationId,
              db
                .select({ id: conversations.id })
                .from(conversations)
                .where(and(eq(conversations.accountId, accountId), inArray(conversations.propertyId, [...scope]))),
            )
          : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

export async function setConversationBlocked(db: Db, accountId: string, id: string, blocked: boolean) {
  const rows = await db
    .update(conversations)
    .set({ blocked })
    .where(and(eq(conversations.id, id), eq(conversations.accountId, accountId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** An attachment with what decides who may read it: the conversation's account and guest. */
export async function findMessageFile(db: Db, fileId: string) {
  const rows = await db
    .select({
      file: messageFiles,
      accountId: conversations.accountId,
      endUserId: conversations.endUserId,
      propertyRowId: conversations.propertyId,
    })
    .from(messageFiles)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageFiles.messageId))
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(eq(messageFiles.id, fileId))
    .limit(1);
  return rows[0] ?? null;
}

/** Keeps a guest browser's push subscription (an endpoint is one browser: a new guest or guide takes it over). */
export async function upsertPushSubscription(
  db: Db,
  row: { propertyId: string; endUserId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { propertyId: row.propertyId, endUserId: row.endUserId, p256dh: row.p256dh, auth: row.auth },
    });
}

export async function deletePushSubscription(db: Db, propertyRowId: string, endUserId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.propertyId, propertyRowId),
        eq(pushSubscriptions.endUserId, endUserId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

/**
 * A scheduled message sent for a stay (decision 050), stored in the stay's conversation, begun here when the
 * guest has not written yet (their guest id is the stay's until they do). It was emailed already: marked told
 * and pushed, so the reply notifications never send it again.
 */
export async function insertStayOutboundMessage(
  db: Db,
  input: {
    accountId: string;
    propertyRowId: string;
    stayId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    text: string;
    at: Date;
  },
): Promise<{ conversationId: string; endUserId: string; message: MessageRow }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(conversations)
      .values({
        accountId: input.accountId,
        propertyId: input.propertyRowId,
        title: `${input.firstName} ${input.lastName}`.trim(),
        creatorFirstName: input.firstName,
        creatorLastName: input.lastName,
        endUserId: `stay:${input.stayId}`,
        guestEmail: input.email,
        stayId: input.stayId,
        latestMessageAt: input.at,
        createdAt: input.at,
      })
      .onConflictDoNothing();
    const [conversation] = await tx
      .update(conversations)
      .set({ latestMessageAt: input.at })
      .where(eq(conversations.stayId, input.stayId))
      .returning({ id: conversations.id, endUserId: conversations.endUserId });
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        conversationId: conversation!.id,
        accountId: input.accountId,
        inbound: false,
        readByRecipient: false,
        detailText: input.text,
        notifiedAt: input.at,
        pushedAt: input.at,
        createdAt: input.at,
      })
      .returning();
    return { conversationId: conversation!.id, endUserId: conversation!.endUserId, message: message! };
  });
}

/** The property row of one of the account's conversations, or null (decision 056). */
export async function findConversationPropertyRowId(db: Db, accountId: string, id: string): Promise<string | null> {
  const rows = await db
    .select({ propertyId: conversations.propertyId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
    .limit(1);
  return rows[0]?.propertyId ?? null;
}

/** The property row of a file attached to one of the account's conversations, or null (decision 056). */
export async function findMessageFilePropertyRowId(db: Db, accountId: string, fileId: string): Promise<string | null> {
  const rows = await db
    .select({ propertyId: conversations.propertyId })
    .from(messageFiles)
    .innerJoin(conversationMessages, eq(conversationMessages.id, messageFiles.messageId))
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversations.accountId, accountId), eq(messageFiles.id, fileId)))
    .limit(1);
  return rows[0]?.propertyId ?? null;
}
