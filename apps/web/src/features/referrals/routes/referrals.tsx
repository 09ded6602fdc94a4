import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useReferrals } from "../api/get-referrals.ts";
import { ReferralLink } from "../components/referral-link.tsx";
import { ReferralStats } from "../components/referral-stats.tsx";
import { ReferralsTable } from "../components/referrals-table.tsx";
import "./referrals.css";

const r = copy.referrals;

/** /referrals (REF-01…19): the link with its copy button, the statistics, the referrals and the terms. */
export function ReferralsPage() {
  const referrals = useReferrals();
  if (referrals.isPending) return <LoadingScreen />;
  if (referrals.isError) {
    return (
      <div className="referrals-page">
        <div className="page-header">
          <h1>{r.title}</h1>
        </div>
        <Alert>{hasErrorCode(referrals.error, "FORBIDDEN") ? r.masterOnly : copy.common.genericError}</Alert>
      </div>
    );
  }
  const [first] = referrals.data.pages;
  const rows = referrals.data.pages.flatMap((page) => page.customerReferrals);
  return (
    <div className="referrals-page">
      <div className="page-header">
        <h1>{r.title}</h1>
      </div>
      <div className="stack">
        <ReferralLink url={first!.referralLink} />
        <ReferralStats data={first!} />
        <ReferralsTable
          rows={rows}
          hasMore={referrals.hasNextPage}
          loadingMore={referrals.isFetchingNextPage}
          onMore={() => void referrals.fetchNextPage()}
        />
        <Card>
          <h2 className="referrals__title">{r.termsHeading}</h2>
          <ul className="referrals__terms">
            {r.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
