import { PERMISSIONS, ROLE_PERMISSIONS } from "@doorstep/shared/rules/permissions";
import { copy } from "@doorstep/shared/copy";
import type { MeResponse } from "@doorstep/shared/schemas/user";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppNav } from "./app-nav.tsx";
import { currentItem, navGroups } from "./nav-items.ts";

const n = copy.nav;

function meWith(user: Partial<MeResponse["user"]> = {}, unreadMessageCount = 0): MeResponse {
  return {
    unreadMessageCount,
    user: {
      id: "u1",
      firstName: "Ana",
      lastName: "Silva",
      tel: null,
      email: "ana@example.com",
      photoUrl: null,
      isMaster: true,
      role: "owner",
      permissions: [...PERMISSIONS],
      propertyLimited: false,
      isAffiliate: false,
      messagingActive: false,
      sharedContentPropertyId: null,
      referrerCode: "ref",
      account: { trialEndsAt: null, hasSubscription: true, paymentFailed: false },
      ...user,
    },
  };
}

const labels = (me: MeResponse) => navGroups(me).flatMap((g) => g.items.map((i) => i.label));
const hrefOf = (me: MeResponse, label: string) =>
  navGroups(me)
    .flatMap((g) => g.items)
    .find((i) => i.label === label)?.to;

describe("navGroups: who sees which area", () => {
  it("a master host sees every area that exists, billing, referrals and API keys included", () => {
    expect(labels(meWith())).toEqual([
      n.home,
      n.properties,
      n.stays,
      n.scheduledMessages,
      n.orders,
      n.store,
      n.sharedContent,
      n.localAreas,
      n.managers,
      n.company,
      n.bulkUpdates,
      n.analytics,
      n.apiKeys,
      n.team,
      n.activity,
      n.subscription,
      n.referrals,
      n.personalInformation,
      n.loginSecurity,
      n.support,
    ]);
    expect(navGroups(meWith()).map((g) => g.label)).toEqual([null, n.setupGroup, n.accountGroup]);
  });

  it("an editor sees no subscription, referrals, API keys, bulk updates, team or activity (decision 056)", () => {
    const editor = { isMaster: false, role: "editor" as const, permissions: [...ROLE_PERMISSIONS.editor] };
    const seen = labels(meWith(editor));
    for (const label of [n.subscription, n.referrals, n.apiKeys, n.bulkUpdates, n.team, n.activity]) {
      expect(seen).not.toContain(label);
    }
    expect(seen).toContain(n.properties);
    expect(seen).toContain(n.personalInformation);
    // An admin sees the team and API keys, but not billing or referrals.
    const admin = labels(meWith({ isMaster: false, role: "admin", permissions: [...ROLE_PERMISSIONS.admin] }));
    expect(admin).toContain(n.team);
    expect(admin).toContain(n.apiKeys);
    expect(admin).not.toContain(n.subscription);
  });

  it("Messages appears once messaging is on, with the unread count as its badge", () => {
    expect(labels(meWith())).not.toContain(n.messages);
    const on = meWith({ messagingActive: true }, 3);
    const messages = navGroups(on)[0]!.items.find((i) => i.label === n.messages);
    expect(messages).toMatchObject({ to: "/messaging", badge: 3 });
  });

  it("Orders carries the requests waiting for an answer as its badge", () => {
    const orders = navGroups({ ...meWith(), pendingOrderCount: 2 })[0]!.items.find((i) => i.label === n.orders);
    expect(orders).toMatchObject({ to: "/orders", badge: 2 });
    expect(orders?.badgeLabel?.(2)).toBe("2 waiting");
  });

  it("shared content opens the person's shared-content property when they have one", () => {
    expect(hrefOf(meWith(), n.sharedContent)).toBe("/shared-content");
    expect(hrefOf(meWith({ sharedContentPropertyId: "p 9" }), n.sharedContent)).toBe("/shared-content/p%209");
  });

  it("an affiliate sees the affiliate areas, not the host's; payment details only as the owner", () => {
    const seen = labels(meWith({ isAffiliate: true }));
    expect(seen).toContain(n.affiliateStats);
    expect(seen).toContain(n.affiliatePayment);
    expect(seen).not.toContain(n.properties);
    expect(labels(meWith({ isAffiliate: true, isMaster: false }))).not.toContain(n.affiliatePayment);
  });
});

describe("currentItem", () => {
  const groups = navGroups(meWith({ messagingActive: true }));
  it.each([
    ["/", n.home],
    ["/properties", n.properties],
    ["/property/p1/property-details", n.properties],
    ["/property/p1/messaging", n.properties],
    ["/stays/s1", n.stays],
    ["/messaging/m1", n.messages],
    ["/manager-profile/ana", n.managers],
    ["/local-area-profile/lisbon", n.localAreas],
    ["/cancellation", n.subscription],
  ])("%s marks %s", (path, label) => {
    expect(currentItem(groups, path)?.label).toBe(label);
  });
  it("a page outside every area marks none", () => {
    expect(currentItem(groups, "/setup-place")).toBeUndefined();
  });
});

describe("AppNav", () => {
  it("is a named landmark that marks the current page and closes on Escape", async () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <AppNav me={meWith({ messagingActive: true }, 2)} pathname="/stays/s1" open onClose={onClose} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole("navigation", { name: copy.common.mainNavigation });
    expect(within(nav).getByRole("link", { current: "page" })).toHaveTextContent(n.stays);
    expect(within(nav).getByRole("link", { name: `${n.messages}, ${copy.header.unread(2)}` })).toHaveAttribute(
      "href",
      "/messaging",
    );
    expect(within(nav).getByRole("link", { name: n.home })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
