import { copy } from "@doorstep/shared/copy";
import { ShareLink } from "../../../components/share-link.tsx";

const a = copy.affiliates;

/** AFF-10, OPEN-25: the partner link with a copy button whose confirmation shows for 3 seconds. */
export function PartnerLink({ url }: { url: string }) {
  return (
    <ShareLink heading={a.linkHeading} intro={a.intro} url={url} copyLabel={a.copyLink} copiedLabel={a.linkCopied} />
  );
}
