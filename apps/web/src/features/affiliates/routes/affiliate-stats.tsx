import { copy } from "@doorstep/shared/copy";
import { CURRENCY_SYMBOLS } from "@doorstep/shared/rules/billing";
import { referralStatus } from "@doorstep/shared/rules/referrals";
import type { AffiliateStatsResponse } from "@doorstep/shared/schemas/affiliates";
import { useId } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { useAffiliateStats } from "../api/get-affiliate-stats.ts";
import "./affiliates.css";

const s = copy.affiliates.stats;

function Figures({ data }: { data: AffiliateStatsResponse }) {
  // OPEN-26: the counts, then the commission per payout currency (usually one).
  const totals =
    data.commissions.length > 0
      ? data.commissions
      : [{ currency: "usd" as const, earned: 0, pending: 0, payable: 0, paid: 0 }];
  const money = (minor: number, currency: keyof typeof CURRENCY_SYMBOLS) =>
    formatMoney(minor, CURRENCY_SYMBOLS[currency]);
  const counts: [string, string][] = [
    [s.linkClicks, String(data.linkClicks)],
    [s.trialsStarted, String(data.trialsStarted)],
    [s.payingCustomers, String(data.payingCustomers)],
  ];
  const groups = [
    counts,
    ...totals.map((t): [string, string][] => [
      [s.earned, money(t.earned, t.currency)],
      [s.pending, money(t.pending, t.currency)],
      [s.payable, money(t.payable, t.currency)],
      [s.paid, money(t.paid, t.currency)],
    ]),
  ];
  return (
    <Card>
      {groups.map((items, g) => (
        <dl className="affiliate-stats" key={g}>
          {items.map(([label, value]) => (
            <div className="affiliate-stats__item" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ))}
    </Card>
  );
}

function CustomersTable({ data }: { data: AffiliateStatsResponse }) {
  const titleId = useId();
  const now = new Date();
  return (
    <Card>
      <h2 id={titleId} className="affiliate__title">
        {s.tableHeading}
      </h2>
      {data.customers.length === 0 ? (
        <p className="muted">{s.empty}</p>
      ) : (
        <div className="affiliate__scroll">
          <table className="affiliate-table" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{s.signUpMonth}</th>
                <th scope="col">{s.commission}</th>
                <th scope="col">{s.status}</th>
              </tr>
            </thead>
            <tbody>
              {data.customers.map((row, index) => (
                <tr key={index}>
                  <td className="affiliate-table__nowrap">{row.signUpMonth}</td>
                  <td className="affiliate-table__nowrap">
                    {row.currency ? formatMoney(row.commission, CURRENCY_SYMBOLS[row.currency]) : s.none}
                  </td>
                  <td>{copy.referrals.status[referralStatus(row, now)]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** /affiliate-stats (AFF-12, OPEN-26): totals and the referred customers, one row per customer account. */
export function AffiliateStatsPage() {
  const stats = useAffiliateStats();
  return (
    <div className="affiliate-page">
      <div className="page-header">
        <h1>{s.title}</h1>
      </div>
      {stats.isPending ? (
        <LoadingScreen />
      ) : stats.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : (
        <div className="stack">
          <Figures data={stats.data} />
          <CustomersTable data={stats.data} />
        </div>
      )}
    </div>
  );
}
