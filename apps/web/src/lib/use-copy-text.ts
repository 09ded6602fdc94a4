import { TIMINGS } from "@doorstep/shared/constants";
import { useCallback, useState } from "react";
import { copyText } from "./clipboard.ts";
import { useTimedFlag } from "./use-timed-flag.ts";

/**
 * A copy button's state (XCUT-50, PROP-16, REF-03): `copied` for 3 s after each successful copy (a second copy
 * restarts the 3 s), `failed` until the next try. Every "Link copied to clipboard" uses this one hook.
 */
export function useCopyText(): { copied: boolean; failed: boolean; copy: (text: string) => void } {
  const [copied, showCopied, hideCopied] = useTimedFlag(TIMINGS.copyConfirmationMs);
  const [failed, setFailed] = useState(false);
  const copy = useCallback(
    (text: string) => {
      setFailed(false);
      copyText(text).then(showCopied, () => {
        hideCopied();
        setFailed(true);
      });
    },
    [showCopied, hideCopied],
  );
  return { copied, failed, copy };
}
