import { copy } from "@doorstep/shared/copy";
import { ShareLink } from "../../../components/share-link.tsx";

const r = copy.referrals;

/** REF-01…03: the referral link and a copy button whose confirmation shows for 3 seconds. */
export function ReferralLink({ url }: { url: string }) {
  return (
    <ShareLink heading={r.linkHeading} intro={r.intro} url={url} copyLabel={r.copyLink} copiedLabel={r.linkCopied} />
  );
}
