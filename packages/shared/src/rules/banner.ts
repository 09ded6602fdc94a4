export type HomeBanner = "trial-countdown" | "trial-ended" | "payment-failed" | "referral" | "none";

export interface BannerInput {
  trialEndsAt: string | null;
  /** A subscription keeps the guides live. */
  hasSubscription: boolean;
  /** A subscription exists and its card failed (CardOnFileFailed: past_due, incomplete, or unpaid with guides offline). */
  paymentFailed: boolean;
  isMaster: boolean;
}

/** Picks the one home banner by precedence (HOME-03…07, OPEN-72). */
export function chooseHomeBanner(input: BannerInput, now: Date): HomeBanner {
  // A failed card means a subscription exists (OPEN-07), even unpaid: the trial banners are for hosts without one.
  if (!input.hasSubscription && !input.paymentFailed) {
    const trialEnd = input.trialEndsAt ? new Date(input.trialEndsAt).getTime() : 0;
    return trialEnd > now.getTime() ? "trial-countdown" : "trial-ended";
  }
  if (input.paymentFailed) return "payment-failed";
  return input.isMaster ? "referral" : "none";
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits the time left until `end` into days, hours, minutes and seconds (HOME-04); zero when past. */
export function countdownTo(end: Date, now: Date): Countdown {
  const total = Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
