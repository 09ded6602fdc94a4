import { shellCopy } from "@doorstep/shared/copy/shell";
import type { MeResponse } from "@doorstep/shared/schemas/user";
import { can } from "../../lib/permissions.ts";

const n = shellCopy.nav;

export interface NavItem {
  to: string;
  label: string;
  /** Other paths that belong to this area, so the area stays marked on its sub-pages. */
  prefixes: string[];
  badge?: number;
  /** What the badge counts, for screen readers (default: unread messages). */
  badgeLabel?: (count: number) => string;
}

export interface NavGroup {
  /** null: the group is the top of the list and has no heading. */
  label: string | null;
  items: NavItem[];
}

const item = (to: string, label: string, prefixes: string[] = [], badge?: number): NavItem => ({
  to,
  label,
  prefixes,
  ...(badge === undefined ? {} : { badge }),
});

/**
 * The areas a signed-in person may open, grouped. Only areas that exist and that the person's role allows
 * (decision 056: the permissions /api/me lists); each under the same rule as its home tile (HOME-13…15):
 * messaging only once it is switched on, shared content at the person's own shared-content property.
 */
export function navGroups(me: MeResponse): NavGroup[] {
  const { user, unreadMessageCount, pendingOrderCount } = me;
  if (user.isAffiliate) {
    return [
      {
        label: null,
        items: [
          item("/", n.home),
          item("/affiliate-stats", n.affiliateStats),
          item("/affiliate-assets", n.affiliateAssets),
          item("/affiliate-terms", n.affiliateTerms),
          ...(user.isMaster ? [item("/affiliate-payment-details", n.affiliatePayment)] : []),
        ],
      },
      {
        label: n.accountGroup,
        items: [item("/personal-information", n.personalInformation), item("/login-security", n.loginSecurity)],
      },
    ];
  }
  const sharedContent = user.sharedContentPropertyId
    ? `/shared-content/${encodeURIComponent(user.sharedContentPropertyId)}`
    : "/shared-content";
  return [
    {
      label: null,
      items: [
        item("/", n.home),
        item("/properties", n.properties, ["/property/", "/create-property"]),
        item("/stays", n.stays, ["/stays/"]),
        item("/scheduled-messages", n.scheduledMessages),
        ...(user.messagingActive ? [item("/messaging", n.messages, ["/messaging"], unreadMessageCount)] : []),
        { ...item("/orders", n.orders, ["/orders"], pendingOrderCount ?? 0), badgeLabel: n.ordersPending },
        item("/store", n.store, ["/store/"]),
      ],
    },
    {
      label: n.setupGroup,
      items: [
        item(sharedContent, n.sharedContent, ["/shared-content"]),
        item("/local-area-profiles", n.localAreas, ["/local-area-profile", "/create-local-area-profile"]),
        item("/property-managers", n.managers, ["/manager-profile/", "/create-manager"]),
        item("/company-profile", n.company, ["/create-company"]),
        ...(can(user, "properties:manage") ? [item("/bulk-updates", n.bulkUpdates)] : []),
        item("/guide-analytics", n.analytics),
        ...(can(user, "api-keys:manage") ? [item("/api-keys", n.apiKeys)] : []),
      ],
    },
    {
      label: n.accountGroup,
      items: [
        ...(can(user, "team:manage") ? [item("/team", n.team)] : []),
        ...(can(user, "activity:read") ? [item("/activity", n.activity)] : []),
        ...(can(user, "billing:manage")
          ? [item("/subscription", n.subscription, ["/cancellation", "/subscription-success"])]
          : []),
        ...(can(user, "referrals:manage") ? [item("/referrals", n.referrals)] : []),
        item("/personal-information", n.personalInformation),
        item("/login-security", n.loginSecurity),
        item("/support", n.support),
      ],
    },
  ];
}

/** The one item that is the current page's area: an exact match first, then the longest prefix. */
export function currentItem(groups: NavGroup[], pathname: string): NavItem | undefined {
  const items = groups.flatMap((g) => g.items);
  const exact = items.find((i) => i.to === pathname);
  if (exact) return exact;
  let best: NavItem | undefined;
  let bestLength = 0;
  for (const candidate of items) {
    for (const prefix of candidate.prefixes) {
      if (pathname.startsWith(prefix) && prefix.length > bestLength) {
        best = candidate;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
