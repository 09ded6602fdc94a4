import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.ts";
import { purgeAccountGuides } from "../lib/guide-purge.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes that change no guide nor stay page: sign-in and the rest of auth, conversations and messages, stays
 * and stay feeds (they purge their own stays' pages, decision 042), message rules and scheduled messages,
 * referrals, affiliates, API keys, analytics settings, guests' push subscriptions, SMS status callbacks, the
 * team and its invitations, support requests and data exports (deleting the account does purge).
 * Anything not listed purges: a new write route is covered without anyone remembering to.
 */
const UNCHANGED = [
  "/api/auth/",
  "/api/conversations",
  "/api/stays",
  "/api/stay-feeds",
  "/api/stay-link-settings",
  "/api/orders",
  "/api/message-rules",
  "/api/scheduled-messages",
  "/api/referrals",
  "/api/affiliate",
  "/api/api-keys",
  "/api/analytics/",
  "/api/guide/",
  "/api/sms/",
  "/api/me/password",
  "/api/me/email",
  "/api/team",
  "/api/join",
  "/api/support",
  "/api/account/export",
];

/**
 * Decision 059: every host write through the API that succeeds drops every instance's cached guide and stay
 * pages of the caller's account, before the answer is sent (so the host's next look at a guide, and every
 * guest's, shows the change). One rule here rather than a call in each service: the guide reads many features'
 * tables (the property, its content and translations, shared content, local areas and places, managers, the
 * company card, the account's billing), and a write path that forgot would show a stale guide until the
 * safety-net revalidation. Writes without a caller (webhooks, jobs, the CLI) purge where they write.
 */
export function registerGuidePurgeOnWrite(app: FastifyInstance, ctx: AppContext): void {
  // Callback style: a read (most requests) passes through without a promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith("/api/"))
      return done(null, payload);
    const accountId = request.caller?.accountId ?? request.apiKey?.accountId;
    if (!accountId || UNCHANGED.some((prefix) => request.url.startsWith(prefix))) return done(null, payload);
    // Never throws: a broadcast failure is logged (the write has committed).
    void purgeAccountGuides(ctx, accountId).then(() => done(null, payload));
  });
}
