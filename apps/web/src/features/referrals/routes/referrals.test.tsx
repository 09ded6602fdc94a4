import { copy } from "@doorstep/shared/copy";
import type { CustomerReferralDto, ReferralDataResponse } from "@doorstep/shared/schemas/referrals";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({
  data: null as ReferralDataResponse | null,
  claimed: [] as string[],
}));
vi.mock("../api/get-referrals.ts", () => ({
  useReferrals: () => ({
    isPending: false,
    isError: false,
    data: { pages: [state.data] },
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
  }),
}));
vi.mock("../api/claim-reward.ts", () => ({
  useClaimReward: () => ({
    isPending: false,
    isSuccess: false,
    isError: false,
    mutate: (id: string) => state.claimed.push(id),
  }),
}));
const { ReferralsPage } = await import("./referrals.tsx");

const day = 86_400_000;
const row = (r: Partial<CustomerReferralDto>): CustomerReferralDto => ({
  rewardId: null,
  propertyTitle: null,
  rewardAmount: null,
  rewardCurrency: null,
  rewardCredited: false,
  rewardClaimable: false,
  activeSubscriber: false,
  trialEndDate: null,
  ...r,
});

function renderPage() {
  state.data = {
    referralLink: "http://localhost:3000/r?ref=abc12345",
    totalLinkClicks: 12,
    totalReferrals: 5,
    totalRewards: 2,
    currentRewardValues: { usd: 2000, gbp: 1500, eur: 2000, aud: 3000 },
    currency: "gbp",
    nextCursor: null,
    customerReferrals: [
      row({
        rewardId: "11111111-1111-4111-8111-111111111111",
        propertyTitle: "Harbour Loft",
        rewardAmount: 1500,
        rewardCurrency: "gbp",
        rewardCredited: true,
      }),
      row({
        rewardId: "22222222-2222-4222-8222-222222222222",
        propertyTitle: "Cliff Cottage",
        rewardAmount: 1500,
        rewardCurrency: "gbp",
        rewardClaimable: true,
        activeSubscriber: true,
      }),
      row({ propertyTitle: "Town House", activeSubscriber: true }),
      row({ trialEndDate: new Date(Date.now() + 5 * day).toISOString() }),
      row({ propertyTitle: "Old Barn", trialEndDate: new Date(Date.now() - 5 * day).toISOString() }),
    ],
  };
  state.claimed = [];
  return render(<ReferralsPage />);
}

afterEach(() => vi.useRealTimers());

describe("/referrals (REF-01…10)", () => {
  it("shows the link, the totals with the reward value in the caller's currency, and each row's status text", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: copy.referrals.title })).toBeInTheDocument();
    expect(screen.getByText("http://localhost:3000/r?ref=abc12345")).toBeInTheDocument();
    const stats = screen.getByText(copy.referrals.linkClicks).closest("dl")!;
    expect(within(stats).getByText("12")).toBeInTheDocument();
    expect(within(stats).getByText("5")).toBeInTheDocument();
    expect(within(stats).getByText("2")).toBeInTheDocument();
    expect(within(stats).getByText("£15.00")).toBeInTheDocument();

    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ["Harbour Loft", "£15.00", "Confirmed, reward payment completed"],
      ["Cliff Cottage", "£15.00", `Confirmed, you can now claim your reward${copy.referrals.claim}`],
      ["Town House", "—", "Subscribed. First month not completed yet"],
      [copy.referrals.noProperty, "—", "In trial period, not subscribed yet"],
      ["Old Barn", "—", "Trial ended, not subscribed yet"],
    ]);
    fireEvent.click(screen.getByRole("button", { name: copy.referrals.claim }));
    expect(state.claimed).toEqual(["22222222-2222-4222-8222-222222222222"]);
  });

  it('copies the link and says "Link copied to clipboard" for 3 seconds (REF-03)', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: copy.referrals.copyLink }));
    });
    expect(writeText).toHaveBeenCalledWith("http://localhost:3000/r?ref=abc12345");
    expect(screen.getByRole("status")).toHaveTextContent("Link copied to clipboard");
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole("status")).toHaveTextContent("Link copied to clipboard");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
