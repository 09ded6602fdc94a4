import { expect } from "vitest";
import type { AppContext } from "../../app-context.ts";
import { duplicateProperty } from "../../commands/duplicate-property.ts";
import { settlePropertyCopies } from "../../features/property-copies/property-copy.service.ts";
import { createProperty } from "../../features/properties/property.service.ts";
import { createContentItem } from "../../features/content/content.service.ts";
import { ensureSharedContent } from "../../features/shared-content/shared-content.service.ts";
import { createProfile } from "../../features/local-area/local-area.service.ts";
import { addPlace } from "../../features/local-area/local-places.service.ts";
import { createStay, updateStay } from "../../features/stays/stays.service.ts";
import { createMessageRule } from "../../features/scheduled-messages/message-rules.service.ts";
import { getStayMessages, planRuleMessages } from "../../features/scheduled-messages/scheduled-messages.service.ts";
import { addStayFeed } from "../../features/stay-feeds/stay-feeds.service.ts";
import { referralRewards, rewardPayouts } from "../../db/schema/referrals.ts";
import { createKeyFor } from "../api-key-probe.ts";
import { createOfferFor, orderFromLink, stayWithToken } from "../store-helpers.ts";
import type { TestApp } from "../app.ts";
import { CARDS, subscribe } from "../billing-helpers.ts";
import {
  buildManager,
  buildMember,
  buildUser,
  makePng,
  multipart,
  publishProperty,
  setAccountState,
  uniqueEmail,
  type TestUser,
} from "../factories.ts";

// Ownership fixtures (XCUT-15): for each kind of id in a route's path, a way to make one that `owner` owns.
// cross-tenant.test.ts sends them to every id-taking route as another account and fails, naming the parameter,
// on a route whose id has no fixture here.

/** Creates a resource owned by `owner` and returns the value for that path parameter. */
type OwnedIdFixture = (t: Pick<TestApp, "app" | "ctx">, owner: TestUser) => Promise<string>;
export const OWNED_ID_FIXTURES: Record<string, OwnedIdFixture> = {
  vanityId: async ({ ctx }, owner) => (await buildManager(ctx, owner)).vanityId,
  propertyId: async ({ app, ctx }, owner) => {
    const propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
    await createProperty(
      ctx,
      { userId: owner.id, accountId: owner.accountId, sessionId: "harness" },
      { title: "Owned", propertyId },
    );
    // Published, so its guide takes guests' messages (a new property is a draft, decision 020).
    await publishProperty(app, owner, propertyId);
    return propertyId;
  },
  // Duplicating a guide: a copy of one of the owner's properties.
  copyId: async (t, owner) => {
    const source = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const caller = { userId: owner.id, accountId: owner.accountId, sessionId: "harness" };
    const made = await duplicateProperty(t.ctx, caller, source, { title: "Copy", propertyId: `${source}-copy` });
    await settlePropertyCopies(t.ctx);
    return made.id;
  },
  // Messaging: a guest's conversation on a property of the owner, and a file the guest attached.
  conversationId: async (t, owner) => (await ownedConversation(t, owner)).conversationId,
  fileId: async (t, owner) => (await ownedConversation(t, owner)).fileId,
  // Content: an item (and a sub-item) on a property of the owner; category and media kind are not secret.
  itemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).id,
  subItemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).subItems[0]!.id,
  // Billing issue: a paid local-gateway invoice (the trial ended, so subscribing charges at once).
  invoiceId: async ({ app, ctx }, owner) => {
    const invoices = async () =>
      (await app.inject({ url: "/api/billing/invoices", headers: { cookie: owner.cookie } })).json().items as {
        id: string;
      }[];
    if ((await invoices()).length === 0) {
      await setAccountState(ctx, owner.accountId, { trialEndsAt: new Date(ctx.now().getTime() - 1000) });
      const res = await subscribe(app, owner, CARDS.ok);
      if (res.statusCode !== 201) throw new Error(`harness: subscribe failed: ${res.body}`);
    }
    return (await invoices())[0]!.id;
  },
  // Referrals: a confirmed reward of the owner's for a friend they referred, its first instalment claimable.
  rewardId: async ({ ctx }, owner) => {
    const friend = await buildUser(ctx);
    const now = ctx.now();
    const [reward] = await ctx.db
      .insert(referralRewards)
      .values({
        referrerUserId: owner.id,
        referrerAccountId: owner.accountId,
        referredAccountId: friend.accountId,
        status: "confirmed",
        amount: 2000,
        currency: "usd",
        cycle: "annual",
        firstPaidAt: now,
        confirmableAt: now,
        confirmedAt: now,
      })
      .returning();
    await ctx.db.insert(rewardPayouts).values({
      beneficiaryAccountId: owner.accountId,
      referralRewardId: reward!.id,
      sequence: 0,
      amount: 2000,
      currency: "usd",
      status: "claimable",
      dueAt: now,
      claimableAt: now,
      expiresAt: new Date(now.getTime() + 90 * 86_400_000),
    });
    return reward!.id;
  },
  categoryLabel: async () => "arrival",
  media: async () => "image",
  // Local area: a profile (by label, and by id for attaching) and a place on it.
  label: async (t, owner) => (await ownedProfile(t, owner)).label,
  profileId: async (t, owner) => (await ownedProfile(t, owner)).id,
  placeId: async (t, owner) => (await ownedProfile(t, owner)).placeId,
  // API keys: one of the owner's keys.
  apiKeyId: async ({ app }, owner) => (await createKeyFor(app, owner)).apiKey.id,
  // Stays: a stay on a property of the owner.
  stayId: async (t, owner) => {
    const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const day = (n: number) => new Date(t.ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const { stay } = await createStay(t.ctx, owner.accountId, {
      propertyId,
      guestFirstName: "Owned",
      guestLastName: "Guest",
      adults: 2,
      children: 0,
      checkInDate: day(3),
      checkOutDate: day(5),
    });
    return stay.id;
  },
  // Calendar feeds: one on a property of the owner (never fetched here).
  feedId: async (t, owner) => {
    const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    return (
      await addStayFeed(t.ctx, owner.accountId, propertyId, { url: "https://feeds.test/a.ics", channel: "Owned" })
    ).id;
  },
  // Guest store: an offer of the owner's, and an order a guest placed on it from their stay link.
  offerId: async ({ app }, owner) => (await createOfferFor(app, owner)).id,
  orderId: async ({ app, ctx }, owner) => {
    const offer = await createOfferFor(app, owner);
    const { token } = await stayWithToken(app, ctx, owner);
    const res = await orderFromLink(app, token, { offerId: offer.id, slotTime: "13:00" });
    if (res.statusCode !== 201) throw new Error(`harness: order failed: ${res.body}`);
    return res.json().order.id as string;
  },
  // Scheduled messages: one of the owner's rules, and a message of it for one of the owner's stays.
  ruleId: async (t, owner) => (await ownedScheduledMessage(t, owner)).ruleId,
  messageId: async (t, owner) => (await ownedScheduledMessage(t, owner)).messageId,
  // Later issues add: conversationId, …
  // The account's data archive: a name that has the link's form (the route answers 404 for another account's).
  name: async () => `${Date.now() + 3_600_000}-${"a".repeat(43)}.tar.gz`,
  // Teams: a pending invitation and a member of the owner's account.
  invitationId: async ({ app }, owner) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/team/invitations",
      headers: { cookie: owner.cookie },
      payload: { email: uniqueEmail("invitee"), role: "viewer", propertyIds: null },
    });
    return res.json().invitation.id;
  },
  memberId: async ({ ctx }, owner) => (await buildMember(ctx, owner, "editor")).id,
};

async function ownedScheduledMessage(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const stayId = await OWNED_ID_FIXTURES.stayId!(t, owner);
  await updateStay(t.ctx, owner.accountId, stayId, { guestEmail: "owned@example.com" });
  const rule = await createMessageRule(t.ctx, callerOf(owner), {
    name: "Owned",
    trigger: "before-check-in",
    days: 1,
    atTime: "10:00",
    propertyIds: null,
    channel: "email",
    texts: { en: { subject: "Owned", body: "Owned" } },
    active: true,
  });
  // The rule's background planning, run here as its job would.
  await planRuleMessages(t.ctx, rule.id);
  const timeline = await getStayMessages(t.ctx, owner.accountId, stayId);
  return { ruleId: rule.id, messageId: timeline.items.find((m) => m.ruleId === rule.id)!.id };
}

export const callerOf = (user: TestUser) => ({ userId: user.id, accountId: user.accountId, sessionId: "harness" });

/** A content item with one text sub-item on a fresh property of `owner` (or on its shared-content property). */
export async function ownedItem(ctx: AppContext, owner: TestUser, where: "property" | "shared" = "property") {
  const caller = callerOf(owner);
  let propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
  if (where === "shared") propertyId = (await ensureSharedContent(ctx, caller)).propertyId;
  else await createProperty(ctx, caller, { title: "Owned", propertyId });
  const item = await createContentItem(ctx, caller, propertyId, {
    categoryLabel: "arrival",
    templateLabel: null,
    title: "Owned item",
    detailText: "",
    describe: null,
    locate: null,
    operate: null,
    webLink: null,
    what3words: null,
    showWhat3words: false,
    featured: false,
    restricted: false,
    passwordRestricted: false,
    translations: [],
    subItems: [{ action: "create", type: "text", detailText: "Sub" }],
  });
  return { ...item, propertyId };
}

/** A guest writes, with a photo, to a property of `owner` that takes messages; returns the ids and the guest. */
export async function ownedConversation(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
  await t.app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: owner.cookie },
    payload: { inboundMessagingActive: true },
  });
  const form = multipart([{ field: "files", filename: "a.png", contentType: "image/png", body: await makePng() }], {
    firstName: "Guest",
    lastName: "One",
    message: "Hello",
  });
  const sent = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
    headers: { ...form.headers, accept: "application/json" },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const guestCookie = String(sent.headers["set-cookie"]).split(";")[0]!;
  const list = await t.app.inject({ url: "/api/conversations", headers: { cookie: owner.cookie } });
  const conversationId = list.json().items.find((c: { propertyId: string }) => c.propertyId === propertyId).id;
  return { propertyId, conversationId, fileId: sent.json().message.files[0].id as string, guestCookie };
}

/** A local-area profile of `owner` in Brighton (the offline gazetteer) with one custom place. */
async function ownedProfile(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const caller = callerOf(owner);
  const [town] = await t.ctx.places.search("Brighton");
  const profile = await createProfile(t.ctx, caller, { title: "Harness", placeId: town!.placeId });
  const place = await addPlace(
    t.ctx,
    caller,
    { profileLabel: profile.label },
    {
      source: "custom",
      categoryLabel: "cafes",
      title: "Owned place",
      detailText: "",
      webLink: null,
      phone: null,
      address: null,
      lat: null,
      lng: null,
      translations: [],
    },
  );
  return { label: profile.label, id: profile.id, placeId: place.id };
}
