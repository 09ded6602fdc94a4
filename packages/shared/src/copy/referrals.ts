import type { ReferralStatus } from "../rules/referrals.ts";

/** Copy: referrals (REF-01…19, HOME-07). Part of the one catalogue in ../copy.ts. The seeds give the quoted lines. */
export const referralsCopy = {
  referrals: {
    title: "Referrals",
    masterOnly: "Only the account owner can see referrals.",
    // REF-03
    copyLink: "Copy link",
    linkCopied: "Link copied to clipboard",
    // REF-06…10, exactly.
    status: {
      credited: "Confirmed, reward payment completed",
      claimable: "Confirmed, you can now claim your reward",
      subscribed: "Subscribed. First month not completed yet",
      inTrial: "In trial period, not subscribed yet",
      trialEnded: "Trial ended, not subscribed yet",
    } satisfies Record<ReferralStatus, string>,
    // Ours (the seeds name the figures, not their labels).
    intro: "Share your link with other hosts. When a friend you refer subscribes, you earn a voucher.",
    linkHeading: "Your referral link",
    statsHeading: "Your referral statistics",
    linkClicks: "Link clicks",
    referralsCount: "Referrals",
    rewardsCount: "Rewards",
    currentRewardValue: "Current reward value",
    tableHeading: "Your referrals",
    property: "Property",
    reward: "Reward",
    statusColumn: "Status",
    noProperty: "No property yet",
    noReward: "—",
    empty: "No referrals yet. Share your link to get started.",
    claim: "Claim reward",
    claiming: "Claiming...",
    claimed: "Your voucher is on its way by email.",
    nothingToClaim: "There is no reward to claim right now.",
    loadMore: "Show more",
    // REF-16…18, XCUT-58, decision 018.
    termsHeading: "Referral terms",
    terms: [
      "Your friend must hold a paid subscription for at least 35 days before your reward is confirmed.",
      "Rewards must be claimed within 90 days of issue.",
      "Rewards for monthly subscribers are paid in monthly instalments, rewards for annual subscribers in one payment. A voucher is issued by email.",
    ],
  },
} as const;
