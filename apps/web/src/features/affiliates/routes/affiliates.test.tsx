import { copy } from "@doorstep/shared/copy";
import type {
  AffiliateProfileResponse,
  AffiliateStatsResponse,
  PartnerPageResponse,
} from "@doorstep/shared/schemas/affiliates";
import type { UserDto } from "@doorstep/shared/schemas/user";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";

const state = vi.hoisted(() => ({
  profile: null as unknown as AffiliateProfileResponse,
  stats: null as unknown as AffiliateStatsResponse,
  partner: null as PartnerPageResponse | null,
  partnerError: null as unknown,
  saved: [] as unknown[],
  isMaster: true,
}));
vi.mock("../api/get-affiliate.ts", () => ({
  useAffiliate: () => ({ isPending: false, isError: false, data: state.profile }),
}));
vi.mock("../api/get-affiliate-stats.ts", () => ({
  useAffiliateStats: () => ({ isPending: false, isError: false, data: state.stats }),
}));
vi.mock("../api/get-partner-page.ts", () => ({
  usePartnerPage: () =>
    state.partnerError
      ? { isPending: false, isError: true, error: state.partnerError }
      : { isPending: false, isError: false, data: state.partner },
}));
vi.mock("../api/update-payment-details.ts", () => ({
  useUpdatePaymentDetails: () => ({
    mutateAsync: async (body: unknown) => {
      state.saved.push(body);
      state.profile = { ...state.profile, ...(body as object) };
    },
  }),
}));
vi.mock("../../../lib/session.ts", () => ({
  useMe: () => ({ data: { user: { isMaster: state.isMaster } } }),
}));
const { AffiliateHome } = await import("./affiliate-home.tsx");
const { AffiliateStatsPage } = await import("./affiliate-stats.tsx");
const { AffiliateTermsPage } = await import("./affiliate-terms.tsx");
const { AffiliatePaymentDetailsPage } = await import("./affiliate-payment-details.tsx");
const { PartnerPage } = await import("./partner-page.tsx");

const a = copy.affiliates;
state.profile = {
  name: "Paula",
  trackingLabel: "paula1234",
  partnerLink: "http://localhost:3000/partners/paula1234",
  commissionCurrency: "usd",
  payPalEmail: null,
  commission: { model: "percentage", percentage: 25, amount: 0, months: 12 },
};
const user = (isMaster: boolean) => ({ firstName: "Paula", isMaster, isAffiliate: true }) as UserDto;

afterEach(() => vi.useRealTimers());

describe("affiliate home (AFF-10, AFF-11)", () => {
  it("welcomes, shows the partner link and the tiles; Payment Details only for master accounts", () => {
    const { unmount } = render(<AffiliateHome user={user(true)} />, { wrapper: MemoryRouter });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome Paula");
    expect(screen.getByText("http://localhost:3000/partners/paula1234")).toBeInTheDocument();
    const tiles: [string, string][] = [
      [a.tiles.referrals, "/affiliate-stats"],
      [a.tiles.assets, "/affiliate-assets"],
      [a.tiles.terms, "/affiliate-terms"],
      [a.tiles.profile, "/personal-information"],
      [a.tiles.login, "/login-security"],
      [a.tiles.payment, "/affiliate-payment-details"],
    ];
    for (const [name, href] of tiles)
      expect(screen.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
    unmount();
    render(<AffiliateHome user={user(false)} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole("link", { name: new RegExp(a.tiles.payment) })).toBeNull();
  });

  it('copies the link and says "Link copied to clipboard" for 3 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<AffiliateHome user={user(true)} />, { wrapper: MemoryRouter });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: a.copyLink }));
    });
    expect(writeText).toHaveBeenCalledWith("http://localhost:3000/partners/paula1234");
    expect(screen.getByRole("status")).toHaveTextContent("Link copied to clipboard");
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});

describe("/affiliate-stats and /affiliate-terms (AFF-12, AFF-13)", () => {
  it("shows the totals and one row per referred customer with its commission and status text", () => {
    state.stats = {
      linkClicks: 40,
      trialsStarted: 3,
      payingCustomers: 1,
      commissions: [{ currency: "gbp", earned: 1250, pending: 500, payable: 750, paid: 0 }],
      customers: [
        {
          signUpMonth: "2026-10",
          rewardCredited: false,
          rewardClaimable: true,
          activeSubscriber: true,
          trialEndDate: null,
          commission: 1250,
          currency: "gbp",
        },
        {
          signUpMonth: "2026-11",
          rewardCredited: false,
          rewardClaimable: false,
          activeSubscriber: false,
          trialEndDate: new Date(Date.now() + 86_400_000).toISOString(),
          commission: 0,
          currency: null,
        },
      ],
    };
    render(<AffiliateStatsPage />);
    const figures = [...document.body.querySelectorAll(".affiliate-stats__item")].map((item) => [
      item.querySelector("dt")!.textContent,
      item.querySelector("dd")!.textContent,
    ]);
    expect(figures).toEqual([
      [a.stats.linkClicks, "40"],
      [a.stats.trialsStarted, "3"],
      [a.stats.payingCustomers, "1"],
      [a.stats.earned, "£12.50"],
      [a.stats.pending, "£5.00"],
      [a.stats.payable, "£7.50"],
      [a.stats.paid, "£0.00"],
    ]);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["2026-10", "£12.50", "Confirmed, you can now claim your reward"],
      ["2026-11", "—", "In trial period, not subscribed yet"],
    ]);
  });

  it("states the terms", () => {
    render(<AffiliateTermsPage />);
    for (const term of a.terms.items) expect(screen.getByText(term)).toBeInTheDocument();
    expect(a.terms.items.join(" ")).toMatch(/25%.*35 days.*90 days.*Several properties count as one.*no cap/s);
  });
});

describe("/affiliate-payment-details (AFF-14)", () => {
  it("edits the currency and the PayPal email like other items: Edit, Cancel restores, Save sends", async () => {
    state.saved = [];
    render(<AffiliatePaymentDetailsPage />);
    expect(screen.getByText(a.payment.currencies.usd)).toBeInTheDocument();
    expect(screen.getByText(a.payment.notSet)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: `${copy.common.edit} ${a.payment.currency}` }));
    fireEvent.change(screen.getByLabelText(a.payment.currency), { target: { value: "eur" } });
    fireEvent.click(screen.getByRole("button", { name: `${copy.common.cancel} ${a.payment.currency}` }));
    expect(state.saved).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: `${copy.common.edit} ${a.payment.currency}` }));
    fireEvent.change(screen.getByLabelText(a.payment.currency), { target: { value: "eur" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: `${copy.common.save} ${a.payment.currency}` }));
    });
    fireEvent.click(screen.getByRole("button", { name: `${copy.common.edit} ${a.payment.payPalEmail}` }));
    fireEvent.change(screen.getByLabelText(a.payment.payPalEmail), { target: { value: "pay@example.com" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: `${copy.common.save} ${a.payment.payPalEmail}` }));
    });
    expect(state.saved).toEqual([{ commissionCurrency: "eur" }, { payPalEmail: "pay@example.com" }]);
  });

  it("tells a team member only the owner can change them", () => {
    state.isMaster = false;
    render(<AffiliatePaymentDetailsPage />);
    expect(screen.getByText(a.payment.masterOnly)).toBeInTheDocument();
    state.isMaster = true;
  });
});

describe("/partners/:label (AFF-05…08)", () => {
  const renderAt = () =>
    render(
      <MemoryRouter initialEntries={["/partners/paula1234"]}>
        <Routes>
          <Route path="/partners/:affiliateTrackingLabel" element={<PartnerPage />} />
        </Routes>
      </MemoryRouter>,
    );

  it("shows the affiliate's name and logo with the landing content, and links to the trial with the affiliate's utm tags", () => {
    state.partnerError = null;
    state.partner = {
      name: "Paula",
      logoUrl: "https://cdn.example/paula.png",
      label: "paula1234",
      landing: { title: "Guides guests love", description: "All in one link.", imageUrl: null },
    };
    renderAt();
    expect(screen.getByRole("img", { name: a.partner.logoAlt("Paula") })).toHaveAttribute(
      "src",
      "https://cdn.example/paula.png",
    );
    expect(screen.getByText(a.partner.recommendedBy("Paula"))).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Guides guests love");
    expect(screen.getByRole("link", { name: a.partner.cta })).toHaveAttribute(
      "href",
      "/try-free?utm_source=affiliate-landing-page&utm_medium=affiliate&utm_campaign=paula1234",
    );
  });

  it('an unknown label says "Error, this page does not exist"', () => {
    state.partnerError = new ApiError("NOT_FOUND", 404, "No affiliate");
    renderAt();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Error, this page does not exist");
  });
});
