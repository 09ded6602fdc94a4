/**
 * The routes a caller without a dashboard session may reach, each listed on purpose (XCUT-15/16; decision 039
 * for API keys). public-and-guests.test.ts answers anonymous callers 401 on every route not in PUBLIC_ROUTES and
 * an API key 401 on every /api route not in API_KEY_ROUTES; completeness.test.ts keeps both lists honest.
 * A new public route must be added here on purpose, or those tests fail.
 */
export const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/ready",
  "GET /api/config",
  "GET /api/openapi.json",
  "POST /api/auth/sign-up",
  "POST /api/auth/login",
  "POST /api/auth/login-token",
  "POST /api/auth/logout",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "POST /api/auth/create-affiliate-account", // AFF-02…04: logged-out affiliate sign-up
  "GET /api/partners/:label", // AFF-05…09: the partner page; name, logo and label only
  "GET /api/test/outbox", // exists only when NODE_ENV=test
  "POST /api/test/end-trial", // exists only when NODE_ENV=test
  "GET /api/reference/languages",
  "GET /q/:propertyId", // printed QR codes: a redirect to the public guide
  "GET /r", // referral links: counts the click, redirects to the marketing site (XCUT-06, REF-11)
  "GET /files/*", // unguessable server-generated keys, like the original's file URLs
  "POST /api/billing/webhook/stripe", // Stripe calls it; verified by signature, not a session (IMPL-14)
  // Guest guide: the public guide, its passcode form, install files, visit and section reports.
  "GET /g/:propertyId",
  "POST /g/:propertyId/unlock",
  "GET /g/:propertyId/manifest.webmanifest",
  "GET /g/:propertyId/sw.js",
  "GET /g/_/:asset",
  "POST /api/guide/visits",
  "POST /api/guide/engagement", // section analytics beacon
  "GET /api/guide/:propertyId", // the guide as guest-safe data (IMPL-02)
  // Guest messaging (GUIDE-18/19): the guest's own thread, by their sealed cookie; guest isolation is tested in public-and-guests.test.ts.
  "GET /g/:propertyId/messages",
  "POST /g/:propertyId/messages",
  "GET /api/guide/:propertyId/messages",
  "GET /api/guide/:propertyId/messages/events",
  "POST /api/guide/:propertyId/messages/push",
  "DELETE /api/guide/:propertyId/messages/push",
  "GET /g/:propertyId/messages/files/:fileId",
  // A stay's own guide: the unguessable token is the key (decision 042); unknown tokens are rate-limited.
  "GET /s/:token",
  "GET /api/stay-guide/:token", // the same as data
  "GET /s/:token/sw.js", // the link's offline worker (decision 043): the same script for any token, reads nothing
  // The guest store on a stay link (decision 053): the token is the key, as for the stay's guide.
  "GET /api/stay-store/:token",
  "GET /s/:token/extras", // the store's page on the stay link
  "POST /api/stay-store/:token/orders",
  "POST /api/store/webhook/stripe", // Stripe calls it; verified by signature
  // The stay link's messages page: the same key; its messages belong to the stay (decision 050).
  "GET /s/:token/messages",
  "POST /s/:token/messages",
  "GET /s/:token/messages/thread", // the page's script reads the stay's conversation
  "GET /s/:token/messages/events",
  // One-click unsubscribe from a stay's scheduled messages, by the same key (decision 050).
  "GET /unsubscribe/:key", // the emails' address: the stay id signed with the server's key
  "POST /unsubscribe/:key",
  "GET /s/:token/unsubscribe",
  "POST /s/:token/unsubscribe",
  "POST /api/sms/status", // Twilio's delivery reports: checked by Twilio's signature, not a session
  // Teams (decision 057): the invitation link's unguessable token is the key; joining is sign-up's rate limit.
  "POST /api/join/check",
  "POST /api/join",
]);

/**
 * The routes an API key may call (decision 039): every other /api route answers a key 401, public ones too.
 * A route joins this list on purpose, like the public list above.
 */
export const API_KEY_ROUTES = new Set([
  // The stays API, for property-management systems.
  "GET /api/stays",
  "POST /api/stays",
  "GET /api/stays/:stayId",
  "PATCH /api/stays/:stayId",
  "POST /api/stays/:stayId/cancel",
  // The probe exists only in this test app (test/api-key-probe.ts): it proves the opt-in and Idempotency-Key.
  "GET /api/test/key-probe/properties/:propertyId",
  "POST /api/test/key-probe/notes",
]);
