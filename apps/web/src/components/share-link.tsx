import { copy } from "@doorstep/shared/copy";
import { useId } from "react";
import { useCopyText } from "../lib/use-copy-text.ts";
import { Alert } from "./ui/banner.tsx";
import { Button } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";
import "./share-link.css";

interface ShareLinkProps {
  heading: string;
  intro: string;
  url: string;
  copyLabel: string;
  /** "Link copied to clipboard": shown for 3 seconds after a copy (XCUT-50). */
  copiedLabel: string;
}

/** A link to share (the referral link, REF-01…03; the partner link, AFF-10) with its copy button. */
export function ShareLink({ heading, intro, url, copyLabel, copiedLabel }: ShareLinkProps) {
  const headingId = useId();
  const { copied, failed, copy: copyLink } = useCopyText();
  return (
    <Card className="share-link">
      <h2 className="share-link__title" id={headingId}>
        {heading}
      </h2>
      <p className="muted">{intro}</p>
      <div className="share-link__row">
        <code className="share-link__url" aria-labelledby={headingId}>
          {url}
        </code>
        <Button variant="secondary" size="sm" onClick={() => copyLink(url)}>
          {copyLabel}
        </Button>
        <span className="share-link__status" role="status">
          {copied ? copiedLabel : ""}
        </span>
      </div>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </Card>
  );
}
