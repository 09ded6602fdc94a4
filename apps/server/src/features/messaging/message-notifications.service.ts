import { copy } from "@doorstep/shared/copy";
import { messagePreview } from "@doorstep/shared/rules/messaging";
import type { AppContext } from "../../app-context.ts";
import { guideUrl } from "../../lib/urls.ts";
import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { emailLayout } from "../../providers/email/templates.ts";
import {
  claimMessagesToNotify,
  claimNewConversations,
  claimRepliesToPush,
  deleteSubscription,
  findGuestSubscriptions,
  releasePushed,
  findConversationsForEmail,
  findFirstInboundText,
  markConversationMessagesNotified,
  releaseConversation,
  releaseMessages,
} from "./message-notifications.repository.ts";
import { listAccountPeople } from "../users/account-lookup.service.ts";

const e = copy.messagingEmails;
/** Unread guest messages wait this long for the host to see them in the dashboard before an email says so. */
export const UNREAD_EMAIL_AFTER_MS = 5 * 60_000;
const BATCH = 200;

function email(
  to: string,
  template: string,
  subject: string,
  title: string,
  lines: string[],
  action: { label: string; url: string },
): EmailMessage {
  return {
    to,
    template,
    subject,
    text: `${lines.join("\n\n")}\n\n${action.label}: ${action.url}\n`,
    html: emailLayout(title, lines, action),
    links: [action.url],
  };
}

/**
 * Job: tells people of messages by email, never from the request that stored the message
 * (a failed send must not fail the message, and is tried again on the next run):
 * - the host, at once, of a new conversation;
 * - the host, batched per account, of guest messages still unread after five minutes;
 * - the guest, when the host replies, if they left an email, with a link back to their thread.
 * Every instance runs it; claims make each email go once. Returns how many emails went.
 */
export async function sendMessageNotifications(ctx: AppContext): Promise<number> {
  let sent = 0;
  const now = ctx.now();
  const base = ctx.config.publicUrl;

  const fresh = await claimNewConversations(ctx.db, now, BATCH);
  await markConversationMessagesNotified(
    ctx.db,
    fresh.map((c) => c.id),
    now,
  );
  const freshInfo = new Map(
    (
      await findConversationsForEmail(
        ctx.db,
        fresh.map((c) => c.id),
      )
    ).map((c) => [c.id, c]),
  );
  const recipients = await listAccountPeople(ctx, [...new Set(fresh.map((c) => c.accountId))]);
  for (const conversation of fresh) {
    const info = freshInfo.get(conversation.id);
    if (!info || info.blocked) continue;
    const first = (await findFirstInboundText(ctx.db, conversation.id)) ?? "";
    const url = `${base}/messaging/${conversation.id}`;
    try {
      for (const person of recipients.filter((r) => r.accountId === conversation.accountId)) {
        await ctx.email.send(
          email(
            person.email,
            "message-new-conversation",
            e.newConversationSubject(info.title, info.propertyTitle),
            e.newConversationTitle,
            [
              e.hello(person.firstName),
              e.newConversationLine(info.title, info.propertyTitle),
              messagePreview(first, 400),
            ],
            { label: e.openConversation, url },
          ),
        );
        sent += 1;
      }
    } catch (err) {
      ctx.log.warn({ err, conversationId: conversation.id }, "new-conversation email failed; tried again next run");
      await releaseConversation(ctx.db, conversation.id);
    }
  }

  const messages = await claimMessagesToNotify(ctx.db, now, new Date(now.getTime() - UNREAD_EMAIL_AFTER_MS), BATCH);
  const info = new Map(
    (await findConversationsForEmail(ctx.db, [...new Set(messages.map((m) => m.conversationId))])).map((c) => [
      c.id,
      c,
    ]),
  );

  // The host's batch: one email per account, a line per conversation.
  const inbound = messages.filter((m) => m.inbound && !info.get(m.conversationId)?.blocked);
  const accounts = [...new Set(inbound.map((m) => m.accountId))];
  const people = await listAccountPeople(ctx, accounts);
  for (const accountId of accounts) {
    const mine = inbound.filter((m) => m.accountId === accountId);
    const byConversation = new Map<string, number>();
    for (const m of mine) byConversation.set(m.conversationId, (byConversation.get(m.conversationId) ?? 0) + 1);
    const lines = [...byConversation].map(([id, n]) => {
      const c = info.get(id);
      return e.unreadLine(c?.title ?? "", c?.propertyTitle ?? "", n);
    });
    try {
      for (const person of people.filter((p) => p.accountId === accountId)) {
        await ctx.email.send(
          email(
            person.email,
            "message-unread",
            e.unreadSubject(mine.length),
            e.unreadTitle,
            [e.hello(person.firstName), ...lines],
            {
              label: e.openInbox,
              url: `${base}/messaging`,
            },
          ),
        );
        sent += 1;
      }
    } catch (err) {
      ctx.log.warn({ err, accountId }, "unread-messages email failed; tried again next run");
      await releaseMessages(
        ctx.db,
        mine.map((m) => m.id),
      );
    }
  }

  // The guest: one email per conversation with replies, to the address they left.
  const outbound = messages.filter((m) => !m.inbound);
  for (const conversationId of new Set(outbound.map((m) => m.conversationId))) {
    const c = info.get(conversationId);
    if (!c?.guestEmail) continue;
    const replies = outbound.filter((m) => m.conversationId === conversationId);
    const url = `${guideUrl(ctx, c.propertyId)}/messages`;
    try {
      await ctx.email.send(
        email(
          c.guestEmail,
          "message-host-replied",
          e.replySubject(c.propertyTitle),
          e.replyTitle,
          [e.replyLine(c.propertyTitle), ...replies.map((r) => messagePreview(r.text, 400)).filter(Boolean)],
          { label: e.openThread, url },
        ),
      );
      sent += 1;
    } catch (err) {
      ctx.log.warn({ err, conversationId }, "host-replied email failed; tried again next run");
      await releaseMessages(
        ctx.db,
        replies.map((m) => m.id),
      );
    }
  }
  sent += await pushReplies(ctx);
  return sent;
}

/**
 * Web Push to the guest's browsers for the host's replies (IMPL-08): one notification per conversation,
 * to every browser the guest subscribed on that guide. A subscription the push service says is gone is
 * deleted; any other failure hands the claim back for the next run.
 */
async function pushReplies(ctx: AppContext): Promise<number> {
  const replies = await claimRepliesToPush(ctx.db, ctx.now(), BATCH);
  let sent = 0;
  for (const conversationId of new Set(replies.map((r) => r.conversationId))) {
    const mine = replies.filter((r) => r.conversationId === conversationId);
    const { propertyRowId, endUserId } = mine[0]!;
    const browsers = await findGuestSubscriptions(ctx.db, propertyRowId, endUserId);
    const last = mine.at(-1)!;
    for (const browser of browsers) {
      const payload = JSON.stringify({
        title: copy.guestMessaging.newReply,
        body: messagePreview(last.text || browser.propertyTitle, 160),
        url: `${guideUrl(ctx, browser.propertyId)}/messages`,
      });
      try {
        if ((await ctx.push.send(browser, payload)) === "gone") await deleteSubscription(ctx.db, browser.id);
        else sent += 1;
      } catch (err) {
        ctx.log.warn({ err, conversationId }, "a reply's push failed; tried again next run");
        await releasePushed(
          ctx.db,
          mine.map((r) => r.id),
        );
        break;
      }
    }
  }
  return sent;
}
