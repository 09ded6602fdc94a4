import { copy } from "@doorstep/shared/copy";
import { CURRENCY_SYMBOLS } from "@doorstep/shared/rules/billing";
import type { ReferralDataResponse } from "@doorstep/shared/schemas/referrals";
import { Card } from "../../../components/ui/card.tsx";
import { formatMoney } from "../../../lib/format.ts";

const r = copy.referrals;

/** REF-04, REF-14, REF-19: clicks, referrals, rewards earned and the reward's value in the caller's currency. */
export function ReferralStats({ data }: { data: ReferralDataResponse }) {
  const stats: [label: string, value: string][] = [
    [r.linkClicks, String(data.totalLinkClicks)],
    [r.referralsCount, String(data.totalReferrals)],
    [r.rewardsCount, String(data.totalRewards)],
    [r.currentRewardValue, formatMoney(data.currentRewardValues[data.currency] ?? 0, CURRENCY_SYMBOLS[data.currency])],
  ];
  return (
    <Card>
      <h2 className="referrals__title">{r.statsHeading}</h2>
      <dl className="referral-stats">
        {stats.map(([label, value]) => (
          <div key={label} className="referral-stats__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
