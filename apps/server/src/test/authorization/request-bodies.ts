import { LATE_CHECK_OUT } from "../store-helpers.ts";

// cross-tenant.test.ts fails, naming the route, on an id-taking route with a body that has none here.

/** A valid body for each id-taking route that has one, so the 404 comes from ownership, not validation. */
export const VALID_BODIES: Record<string, object> = {
  "POST /api/referrals/rewards/:rewardId/claim": {},
  "PATCH /api/managers/:vanityId": { firstName: "X" },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/managers/:vanityId/photo": {},
  "PATCH /api/properties/:propertyId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/passcode": { passcode: "123456" },
  "PUT /api/properties/:propertyId/cover": {},
  "PUT /api/properties/:propertyId/content/order": {
    categoryLabel: "arrival",
    itemIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "POST /api/properties/:propertyId/content/items": { categoryLabel: "arrival", title: "Hijacked" },
  "PATCH /api/properties/:propertyId/content/items/:itemId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/content/items/:itemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/shared/:itemId": {},
  "POST /api/shared-content/items/:itemId/properties": { propertyIds: ["harness-none"] },
  "POST /api/properties/:propertyId/duplicate": {
    title: "Hijacked",
    propertyId: `harness-dup-${Math.random().toString(36).slice(2, 10)}`,
  },
  "POST /api/property-copies/:copyId/retry": {},
  "PATCH /api/conversations/:conversationId": { blocked: true },
  "POST /api/conversations/:conversationId/read": { messageIds: ["00000000-0000-4000-8000-000000000000"] },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "POST /api/conversations/:conversationId/messages": {},
  "POST /api/local-area-profiles/:label/places": { source: "custom", categoryLabel: "cafes", title: "Hijacked" },
  "PUT /api/local-area-profiles/:label/places/order": {
    categoryLabel: "cafes",
    placeIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "PUT /api/properties/:propertyId/local-area-profiles/:profileId": {},
  "POST /api/properties/:propertyId/places": { source: "custom", categoryLabel: "cafes", title: "Hijacked" },
  "PUT /api/properties/:propertyId/places/order": {
    categoryLabel: "cafes",
    placeIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "PATCH /api/local-places/:placeId": { title: "Hijacked" },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/local-places/:placeId/image": {},
  // Guest guide: the owner's preview link takes no body.
  "POST /api/properties/:propertyId/preview-link": {},
  "POST /api/api-keys/:apiKeyId/revoke": {},
  "POST /api/test/key-probe/notes": { text: "Hijacked" },
  "PATCH /api/stays/:stayId": { notes: "Hijacked" },
  "POST /api/stays/:stayId/cancel": {},
  // Guest links: a new link, sending it and "Show details now" take no body.
  "POST /api/stays/:stayId/link": {},
  "POST /api/stays/:stayId/link/send": {},
  "POST /api/stays/:stayId/release": {},
  "POST /api/properties/:propertyId/stay-feeds": { url: "https://feeds.test/hijack.ics", channel: "Hijacked" },
  "PATCH /api/stay-feeds/:feedId": { channel: "Hijacked" },
  "POST /api/stay-feeds/:feedId/sync": {},
  "PUT /api/store/offers/:offerId": LATE_CHECK_OUT,
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/store/offers/:offerId/photo": {},
  "POST /api/orders/:orderId/approve": {},
  "POST /api/orders/:orderId/decline": { note: "Hijacked" },
  "POST /api/orders/:orderId/refund": {},
  "PUT /api/message-rules/:ruleId": {
    name: "Hijacked",
    trigger: "booked",
    texts: { en: { subject: "Hijacked", body: "Hijacked" } },
  },
  "POST /api/scheduled-messages/:messageId/retry": {},
  "POST /api/team/invitations/:invitationId/resend": {},
  "PATCH /api/team/members/:memberId": { role: "viewer", propertyIds: null },
};

/** A valid query string for each id-taking GET that needs one, so the 404 comes from ownership. */
export const VALID_QUERIES: Record<string, string> = {
  "GET /api/properties/:propertyId/stays": "?from=2027-03-01&to=2027-03-31",
};
