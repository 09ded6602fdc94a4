import { copy } from "@doorstep/shared/copy";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HomeBanner } from "./home-banner.tsx";

const NOW = new Date("2030-01-01T00:00:00Z");
const base = { hasSubscription: false, paymentFailed: false, isMaster: true };

function unit(name: string): string {
  const element = document.querySelector(`[data-unit="${name}"] .countdown__value`);
  return element?.textContent ?? "";
}

describe("HomeBanner (HOME-03…07)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts down to the trial end every second", () => {
    // 2 days, 3 hours, 4 minutes and 5 seconds left.
    const trialEndsAt = new Date(NOW.getTime() + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString();
    render(<HomeBanner input={{ ...base, trialEndsAt }} />, { wrapper: MemoryRouter });
    expect(screen.getByText(copy.home.trialCountdownTitle)).toBeInTheDocument();
    expect(screen.getByRole("timer")).toHaveTextContent(
      `2${copy.home.days}03${copy.home.hours}04${copy.home.minutes}05${copy.home.seconds}`,
    );

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(unit("seconds")).toBe("04");
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(unit("minutes")).toBe("03");
    expect(unit("seconds")).toBe("59");
  });

  it("switches to the trial-ended banner when the countdown runs out", () => {
    const trialEndsAt = new Date(NOW.getTime() + 2000).toISOString();
    render(<HomeBanner input={{ ...base, trialEndsAt }} />, { wrapper: MemoryRouter });
    expect(screen.getByRole("timer")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    expect(screen.getByText(copy.home.trialEnded)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: copy.home.setUpSubscription })).toHaveAttribute("href", "/subscription");
  });

  it("shows the payment-failed banner before the referral banner", () => {
    render(<HomeBanner input={{ ...base, hasSubscription: true, paymentFailed: true, trialEndsAt: null }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText(copy.home.paymentFailed)).toBeInTheDocument();
    expect(screen.queryByText(copy.home.referralBanner)).not.toBeInTheDocument();
  });

  it("shows the referral banner to masters only (OPEN-72)", () => {
    const { rerender } = render(<HomeBanner input={{ ...base, hasSubscription: true, trialEndsAt: null }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole("link", { name: copy.home.referFriends })).toHaveAttribute("href", "/referrals");
    rerender(<HomeBanner input={{ ...base, hasSubscription: true, trialEndsAt: null, isMaster: false }} />);
    expect(screen.queryByText(copy.home.referralBanner)).not.toBeInTheDocument();
  });
});
