import { copy } from "@doorstep/shared/copy";
import { TIMINGS } from "@doorstep/shared/constants";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { copyText } from "../../../lib/clipboard.ts";
import { useTimedFlag } from "../../../lib/use-timed-flag.ts";

const r = copy.referrals;

/** REF-01…03: the referral link and a copy button whose confirmation shows for 3 seconds. */
export function ReferralLink({ url }: { url: string }) {
  const [copied, showCopied] = useTimedFlag(TIMINGS.copyConfirmationMs);
  const [failed, setFailed] = useState(false);
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
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setFailed(false);
            copyText(url).then(showCopied, () => setFailed(true));
          }}
        >
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
