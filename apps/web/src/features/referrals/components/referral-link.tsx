import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { useCopyText } from "../../../lib/use-copy-text.ts";

const r = copy.referrals;

/** REF-01…03: the referral link and a copy button whose confirmation shows for 3 seconds. */
export function ReferralLink({ url }: { url: string }) {
  const { copied, failed, copy: copyLink } = useCopyText();
  return (
    <Card className="referral-link">
      <h2 className="referrals__title" id="referral-link-heading">
        {r.linkHeading}
      </h2>
      <p className="muted">{r.intro}</p>
      <div className="referral-link__row">
        <code className="referral-link__url" aria-labelledby="referral-link-heading">
          {url}
        </code>
        <Button variant="secondary" size="sm" onClick={() => copyLink(url)}>
          {r.copyLink}
        </Button>
        <span className="referral-link__status" role="status">
          {copied ? r.linkCopied : ""}
        </span>
      </div>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </Card>
  );
}
