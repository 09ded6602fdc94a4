import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { fillMessageDetails, type MessageDetail } from "@doorstep/shared/rules/scheduled-messages";
import type { MessageText } from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext } from "../app-context.ts";
import { AppError } from "../lib/app-error.ts";
import { recordStayMessage } from "../features/messaging/messaging.service.ts";
import { getStayProperty } from "../features/properties/property-stays.service.ts";
import { getRuleForSending } from "../features/scheduled-messages/message-rules.service.ts";
import {
  claimDueScheduledMessages,
  dropClaimedMessage,
  markMessageFailure,
  markMessageSent,
  markMessageSkipped,
} from "../features/scheduled-messages/message-sending.service.ts";
import {
  hasUnsubscribed,
  putBackReplanned,
  replanClaimedMessage,
  unsubscribeKeyOf,
} from "../features/scheduled-messages/scheduled-messages.service.ts";
import { getStayLink } from "../features/stays/stay-links.service.ts";
import { getStay, type Stay } from "../features/stays/stays.service.ts";
import { listAccountPeople } from "../features/users/account-lookup.service.ts";
import { loadGuidePage } from "../guide/guide.service.ts";
import type { GuideSection } from "../guide/guide-model.ts";
import { detailValues } from "../guide/stay-guide.service.ts";
import { wifiDetails } from "../guide/wifi.ts";
import { guestMessageEmail } from "../providers/email/templates.ts";
import { sendSms } from "../providers/sms/index.ts";

// Scheduled messages' sender (decision 050): claims what is due (FOR UPDATE SKIP LOCKED, so each message goes
// from one instance), reads the stay and its rule again, fills the host's text with the stay's details in the
// guest's language, sends it, and puts it in the stay's conversation. Spans scheduled messages, stays,
// properties, the guide (Wi-Fi, host), users and messaging.

const BATCH = 25;

/** The property's Wi-Fi name and password and the host's first name, as the guide shows them. */
async function guideDetails(ctx: AppContext, stay: Stay, language: string) {
  const page = await loadGuidePage(ctx, {
    propertyId: stay.propertyId,
    basePath: "/g",
    scriptUrl: "",
    lang: language,
    stayKey: true,
    unmasked: true,
  });
  const model = page.model;
  const walk = (sections: GuideSection[]): ReturnType<typeof wifiDetails> => {
    for (const section of sections) {
      for (const item of section.items)
        if (item.label === "wifi") return wifiDetails(item.englishDetailText) ?? wifiDetails(item.detailText);
      const inner = walk(section.children);
      if (inner) return inner;
    }
    return null;
  };
  const wifi = model.kind === "guide" ? walk(model.sections) : null;
  let host = model.host?.name.split(" ")[0] ?? null;
  if (!host) host = (await listAccountPeople(ctx, [stay.accountId]))[0]?.firstName ?? null;
  return {
    details: { wifiName: wifi?.network ?? null, wifiPassword: wifi?.password ?? null, hostFirstName: host },
    /** The property takes guests' messages: the email says where to answer. */
    messaging: model.kind === "guide" && model.messaging,
  };
}

/** Every detail a message may hold, for this stay, in `language`. */
export async function messageDetailsOf(
  ctx: AppContext,
  stay: Stay,
  language: string,
  link: string,
): Promise<{ details: Partial<Record<MessageDetail, string | null>>; messaging: boolean }> {
  const guide = await guideDetails(ctx, stay, language);
  return {
    details: { ...detailValues(stay, language), link, propertyTitle: stay.propertyTitle, ...guide.details },
    messaging: guide.messaging,
  };
}

/** The rule's text in the stay's language, else the property's, else English, else the first it has. */
export function textFor(
  texts: Record<string, MessageText>,
  languages: string[],
): { language: string; text: MessageText } | null {
  const has = (l: string) => texts[l] && texts[l].body.trim() !== "";
  const language = [...languages, "en", ...Object.keys(texts)].find(has);
  return language ? { language, text: texts[language]! } : null;
}

type Claimed = Awaited<ReturnType<typeof claimDueScheduledMessages>>[number];

/** Sends one claimed message, or settles why not. */
async function sendOne(ctx: AppContext, claimed: Claimed): Promise<"sent" | "skipped" | "dropped" | "failed"> {
  let stay: Stay;
  try {
    stay = await getStay(ctx, claimed.accountId, claimed.stayId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return drop();
    throw error;
  }
  const rule = await getRuleForSending(ctx, claimed.ruleId);
  // Never after its stay was cancelled, nor from a rule switched off or no longer for the property.
  if (!rule || !rule.active || stay.status !== "confirmed") return drop();
  if (rule.propertyRowIds && !rule.propertyRowIds.includes(stay.propertyRowId)) return drop();
  if (rule.planning) {
    // Its rule was saved and is being planned again: the message may be of the rule before (its time, its
    // property list), so it is decided again against the rule as it is now, and put back if not due yet.
    const plan = await replanClaimedMessage(ctx, rule, stay.id);
    if (!plan) return drop();
    if (plan.status === "skipped" || plan.dueAt.getTime() > ctx.now().getTime()) {
      await putBackReplanned(ctx, claimed.id, plan);
      return "skipped";
    }
  }
  if (await hasUnsubscribed(ctx, stay.id)) {
    await markMessageSkipped(ctx, claimed.id, "unsubscribed");
    return "skipped";
  }
  const to = rule.channel === "sms" ? stay.guestPhone : stay.guestEmail;
  if (!to) {
    await markMessageSkipped(ctx, claimed.id, "no-contact");
    return "skipped";
  }
  const property = await getStayProperty(ctx, stay.accountId, { id: stay.propertyRowId });
  const chosen = textFor(rule.texts, [stay.guestLanguage, property?.defaultLanguage ?? "en"]);
  if (!chosen) return drop();
  const link = await getStayLink(ctx, stay.accountId, stay.id);
  const stayLink = `${ctx.config.publicUrl}/s/${link.token}`;
  const { details, messaging } = await messageDetailsOf(ctx, stay, chosen.language, stayLink);
  const subject = fillMessageDetails(chosen.text.subject, details).trim() || stay.propertyTitle;
  const body = fillMessageDetails(chosen.text.body, details);
  let delivery: string;
  try {
    if (rule.channel === "sms") {
      delivery = await sendSms(ctx, { to, body, statusKey: claimed.id });
    } else {
      const labels = guideLabels(chosen.language);
      const lang = encodeURIComponent(chosen.language);
      await ctx.email.send(
        guestMessageEmail(
          to,
          { subject, body, lang: chosen.language },
          {
            url: `${ctx.config.publicUrl}/unsubscribe/${unsubscribeKeyOf(ctx, stay.id)}`,
            label: labels.stay.unsubscribeLink,
          },
          messaging ? { url: `${stayLink}/messages?lang=${lang}`, label: labels.messaging.entry } : undefined,
        ),
      );
      delivery = "accepted";
    }
  } catch (error) {
    const retried = await markMessageFailure(ctx, claimed, error instanceof Error ? error.message : String(error));
    ctx.log.warn({ err: error, message: claimed.id, retried }, "scheduled message not sent");
    return "failed";
  }
  await markMessageSent(ctx, claimed.id, { language: chosen.language, recipient: to, delivery });
  // The host sees in the stay's conversation everything the guest was told.
  await recordStayMessage(ctx, {
    accountId: stay.accountId,
    propertyRowId: stay.propertyRowId,
    stayId: stay.id,
    firstName: stay.guestFirstName,
    lastName: stay.guestLastName,
    email: stay.guestEmail,
    text: rule.channel === "sms" ? body : `${subject}\n\n${body}`,
  });
  return "sent";

  async function drop() {
    await dropClaimedMessage(ctx, claimed.id);
    return "dropped" as const;
  }
}

/**
 * Sends every scheduled message due now, a batch at a time, until none is due: the "send-scheduled-messages"
 * job (every 30 s) and the immediate job a booking queues. Answers what became of them.
 */
export async function sendDueScheduledMessages(ctx: AppContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = { sent: 0, skipped: 0, dropped: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueScheduledMessages(ctx, BATCH);
    for (const message of claimed) {
      try {
        counts[await sendOne(ctx, message)]!++;
      } catch (error) {
        // Reading the stay or the guide failed: tried again like a provider's failure.
        await markMessageFailure(ctx, message, error instanceof Error ? error.message : String(error));
        ctx.log.error({ err: error, message: message.id }, "scheduled message not sent");
        counts.failed!++;
      }
    }
    if (claimed.length < BATCH) return counts;
  }
}
