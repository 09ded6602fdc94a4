import { copy } from "@doorstep/shared/copy";
import { TIMINGS } from "@doorstep/shared/constants";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { copyText } from "../../../lib/clipboard.ts";
import { useTimedFlag } from "../../../lib/use-timed-flag.ts";

const a = copy.affiliates;

/** AFF-10, OPEN-25: the partner link with a copy button whose confirmation shows for 3 seconds. */
export function PartnerLink({ url }: { url: string }) {
  const [copied, showCopied] = useTimedFlag(TIMINGS.copyConfirmationMs);
  const [failed, setFailed] = useState(false);
  return (
    <Card className="partner-link">
      <h2 className="affiliate__title" id="partner-link-heading">
        {a.linkHeading}
      </h2>
      <p className="muted">{a.intro}</p>
      <div className="partner-link__row">
        <code className="partner-link__url" aria-labelledby="partner-link-heading">
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
          {a.copyLink}
        </Button>
        <span className="partner-link__status" role="status">
          {copied ? a.linkCopied : ""}
        </span>
      </div>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </Card>
  );
}
