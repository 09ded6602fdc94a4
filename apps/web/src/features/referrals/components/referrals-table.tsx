import { copy } from "@doorstep/shared/copy";
import { CURRENCY_SYMBOLS } from "@doorstep/shared/rules/billing";
import { referralStatus } from "@doorstep/shared/rules/referrals";
import type { CustomerReferralDto } from "@doorstep/shared/schemas/referrals";
import { useId } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useClaimReward } from "../api/claim-reward.ts";

const r = copy.referrals;

const rewardText = (row: CustomerReferralDto) =>
  row.rewardAmount !== null && row.rewardCurrency
    ? formatMoney(row.rewardAmount, CURRENCY_SYMBOLS[row.rewardCurrency])
    : r.noReward;

/** REF-05…10: property title, reward and the status text; nothing about the person referred. */
export function ReferralsTable({
  rows,
  hasMore,
  loadingMore,
  onMore,
}: {
  rows: CustomerReferralDto[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const titleId = useId();
  const claim = useClaimReward();
  const now = new Date();
  return (
    <Card>
      <h2 id={titleId} className="referrals__title">
        {r.tableHeading}
      </h2>
      {claim.isSuccess ? <p role="status">{r.claimed}</p> : null}
      {claim.isError ? (
        <Alert>{hasErrorCode(claim.error, "CONFLICT") ? r.nothingToClaim : copy.common.genericError}</Alert>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">{r.empty}</p>
      ) : (
        <div className="referrals__scroll">
          <table className="referrals-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{r.property}</th>
                <th scope="col">{r.reward}</th>
                <th scope="col">{r.statusColumn}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.rewardId ?? `row-${index}`}>
                  <td>{row.propertyTitle ?? <span className="muted">{r.noProperty}</span>}</td>
                  <td>{rewardText(row)}</td>
                  <td>
                    <span>{r.status[referralStatus(row, now)]}</span>
                    {row.rewardClaimable && row.rewardId ? (
                      <Button
                        className="referrals-table__claim"
                        size="sm"
                        busy={claim.isPending && claim.variables === row.rewardId}
                        disabled={claim.isPending}
                        onClick={() => claim.mutate(row.rewardId!)}
                      >
                        {r.claim}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore ? (
        <Button variant="secondary" size="sm" busy={loadingMore} disabled={loadingMore} onClick={onMore}>
          {r.loadMore}
        </Button>
      ) : null}
    </Card>
  );
}
