import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import {
  MessagePreviewRequest,
  MessagePreviewResponse,
  MessageRuleInput,
  MessageRuleListResponse,
  MessageRuleResponse,
  ScheduledMessageResponse,
  StayMessagesResponse,
} from "@doorstep/shared/schemas/scheduled-messages";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../../app-context.ts";
import { previewScheduledMessage } from "../../commands/preview-scheduled-message.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { requireCaller } from "../../plugins/auth.ts";
import {
  createMessageRule,
  getMessageRule,
  listMessageRules,
  removeMessageRule,
  updateRule,
} from "./message-rules.service.ts";
import { recordSmsDelivery } from "./message-sending.service.ts";
import {
  getStayMessages,
  retryScheduledMessage,
  unsubscribeLanguage,
  unsubscribeStay,
  type UnsubscribeRef,
} from "./scheduled-messages.service.ts";

const tags = ["scheduled-messages"];
const RuleParams = z.object({ ruleId: z.uuid() });
const StayParams = z.object({ stayId: z.uuid() });
const MessageParams = z.object({ messageId: z.uuid() });
const TokenParams = z.object({ token: text().min(1).max(100) });
const KeyParams = z.object({ key: text().min(1).max(100) });

/** Scheduled guest messages (decision 050): the rules, their preview, a stay's timeline, and unsubscribing. */
export function registerScheduledMessageRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const accountOf = (request: Parameters<typeof requireCaller>[0]) => requireCaller(request).accountId;

  app.get(
    "/api/message-rules",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The account's scheduled message rules (four suggestions, inactive, on the first read)",
        response: { 200: MessageRuleListResponse },
      },
    },
    async (request) => listMessageRules(ctx, requireCaller(request)),
  );

  app.post(
    "/api/message-rules",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "A new rule; an active one is scheduled for the stays ahead at once",
        body: MessageRuleInput,
        response: { 201: MessageRuleResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ rule: await createMessageRule(ctx, requireCaller(request), request.body) }),
  );

  app.post(
    "/api/message-rules/preview",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The message filled in for a sample stay, in each language",
        body: MessagePreviewRequest,
        response: { 200: MessagePreviewResponse },
      },
    },
    async (request) => previewScheduledMessage(ctx, requireCaller(request), request.body),
  );

  app.get(
    "/api/message-rules/:ruleId",
    {
      config: { permission: "properties:read" },
      schema: { tags, summary: "One rule", params: RuleParams, response: { 200: MessageRuleResponse } },
    },
    async (request) => ({ rule: await getMessageRule(ctx, requireCaller(request), request.params.ruleId) }),
  );

  app.put(
    "/api/message-rules/:ruleId",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Changes a rule: its unsent messages follow (dropped when it is switched off)",
        params: RuleParams,
        body: MessageRuleInput,
        response: { 200: MessageRuleResponse },
      },
    },
    async (request) => ({
      rule: await updateRule(ctx, requireCaller(request), request.params.ruleId, request.body),
    }),
  );

  app.delete(
    "/api/message-rules/:ruleId",
    {
      config: { permission: "properties:write" },
      schema: { tags, summary: "Deletes a rule and its unsent messages", params: RuleParams },
    },
    async (request, reply) => {
      await removeMessageRule(ctx, requireCaller(request), request.params.ruleId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/stays/:stayId/scheduled-messages",
    {
      config: { permission: "properties:read" },
      schema: {
        tags,
        summary: "The stay's timeline: each message scheduled, sent, skipped (with the reason) or failed",
        params: StayParams,
        response: { 200: StayMessagesResponse },
      },
    },
    async (request) => getStayMessages(ctx, accountOf(request), request.params.stayId),
  );

  app.post(
    "/api/scheduled-messages/:messageId/retry",
    {
      config: { permission: "properties:write" },
      schema: {
        tags,
        summary: "Sends a failed message again at once",
        params: MessageParams,
        response: { 200: ScheduledMessageResponse },
      },
    },
    async (request) => ({
      message: await retryScheduledMessage(ctx, accountOf(request), request.params.messageId),
    }),
  );
}

/**
 * One-click unsubscribe (RFC 8058), in a scope of its own for its form-body parser: mail apps post
 * "List-Unsubscribe=One-Click" form-encoded.
 */
export async function registerUnsubscribeRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  await parent.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // One-click unsubscribe (RFC 8058). The email's link opens a page whose button posts; mail apps post to the
    // List-Unsubscribe address themselves. A GET changes nothing, so a link scanner unsubscribes nobody.
    const page = (reply: FastifyReply, status: number, lang: string, body: string) =>
      reply
        .status(status)
        .headers({
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "private, no-store",
          "X-Robots-Tag": "noindex, nofollow",
          "Referrer-Policy": "no-referrer",
        })
        .send(
          `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Doorstep</title></head><body style="font-family:system-ui,sans-serif;max-width:480px;margin:0 auto;padding:24px;color:#1f2937">${body}</body></html>`,
        );

    const missing = (reply: FastifyReply) =>
      page(reply, 404, "en", `<p>${escapeHtml(guideLabels("en").stay.inactive)}</p>`);
    const ask = async (reply: FastifyReply, ref: UnsubscribeRef, ip: string) => {
      const lang = await unsubscribeLanguage(ctx, ref, ip);
      if (!lang) return missing(reply);
      const words = guideLabels(lang).stay;
      return page(
        reply,
        200,
        lang,
        `<form method="post"><p>${escapeHtml(words.unsubscribeAsk)}</p><button type="submit" style="font-size:16px;padding:10px 18px">${escapeHtml(words.unsubscribeButton)}</button></form>`,
      );
    };
    const unsubscribe = async (reply: FastifyReply, ref: UnsubscribeRef, ip: string) => {
      const lang = await unsubscribeLanguage(ctx, ref, ip);
      if (!lang || !(await unsubscribeStay(ctx, ref, ip))) return missing(reply);
      return page(reply, 200, lang, `<p role="status">${escapeHtml(guideLabels(lang).stay.unsubscribed)}</p>`);
    };

    // The emails' address: the stay's id signed with the server's key, so it outlives a "New link".
    app.get(
      "/unsubscribe/:key",
      { config: { public: true }, schema: { hide: true, params: KeyParams } },
      async (request, reply) => ask(reply, { key: request.params.key }, request.ip),
    );
    app.post(
      "/unsubscribe/:key",
      { config: { public: true }, schema: { hide: true, params: KeyParams } },
      async (request, reply) => unsubscribe(reply, { key: request.params.key }, request.ip),
    );
    // Emails sent before it pointed at the stay link: they keep working while that link does.
    app.get(
      "/s/:token/unsubscribe",
      { config: { public: true }, schema: { hide: true, params: TokenParams } },
      async (request, reply) => ask(reply, { token: request.params.token }, request.ip),
    );
    app.post(
      "/s/:token/unsubscribe",
      { config: { public: true }, schema: { hide: true, params: TokenParams } },
      async (request, reply) => unsubscribe(reply, { token: request.params.token }, request.ip),
    );

    // The SMS provider's delivery reports (Twilio's status callback), form-encoded and signed.
    app.post(
      "/api/sms/status",
      {
        config: { public: true },
        schema: { hide: true, querystring: z.object({ message: text().max(40).default("") }) },
      },
      async (request, reply) => {
        const fields = Object.fromEntries(
          Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        const ok = await recordSmsDelivery(ctx, {
          url: `${ctx.config.publicUrl}${request.url}`,
          signature: request.headers["x-twilio-signature"] as string | undefined,
          fields,
          messageId: request.query.message,
        });
        return reply.status(ok ? 204 : 403).send();
      },
    );
  });
}
