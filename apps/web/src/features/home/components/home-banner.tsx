import { shellCopy } from "@doorstep/shared/copy/shell";
import { chooseHomeBanner, type BannerInput } from "@doorstep/shared/rules/banner";
import { useEffect, useState } from "react";
import { Banner } from "../../../components/ui/banner.tsx";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { TrialCountdown } from "./trial-countdown.tsx";

/** A clock that ticks every second while `active`. */
function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/** Exactly one banner, by the precedence of chooseHomeBanner (HOME-03…07, OPEN-72). */
export function HomeBanner({ input }: { input: BannerInput }) {
  const [firstNow] = useState(() => new Date());
  const counting = chooseHomeBanner(input, firstNow) === "trial-countdown";
  const now = useNow(counting);
  const kind = chooseHomeBanner(input, now);

  switch (kind) {
    case "trial-countdown":
      return (
        <Banner tone="info" title={shellCopy.home.trialCountdownTitle}>
          <TrialCountdown end={new Date(input.trialEndsAt ?? 0)} now={now} />
        </Banner>
      );
    case "trial-ended":
      return (
        <Banner tone="warning" action={<ButtonLink to="/subscription">{shellCopy.home.setUpSubscription}</ButtonLink>}>
          <p>{shellCopy.home.trialEnded}</p>
        </Banner>
      );
    case "payment-failed":
      return (
        <Banner tone="danger" action={<ButtonLink to="/subscription">{shellCopy.home.addNewCard}</ButtonLink>}>
          <p>{shellCopy.home.paymentFailed}</p>
        </Banner>
      );
    case "referral":
      return (
        <Banner
          tone="accent"
          action={
            <ButtonLink to="/referrals" variant="secondary">
              {shellCopy.home.referFriends}
            </ButtonLink>
          }
        >
          <p>{shellCopy.home.referralBanner}</p>
        </Banner>
      );
    case "none":
      return null;
  }
}
