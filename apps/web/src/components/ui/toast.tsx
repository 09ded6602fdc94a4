import { useCallback, useState } from "react";
import { useTimedFlag } from "../../lib/use-timed-flag.ts";
import "./toast.css";

/** How long a confirmation stays on screen (XCUT-50's 3000 ms, as the copy confirmations). */
export const TOAST_MS = 3000;

/**
 * A confirmation after an action that closed its own dialog (a saved item): one polite live region, always in
 * the page so screen readers announce each new message, which hides itself after `TOAST_MS`.
 */
export function useToast(): { message: string | null; show: (message: string) => void } {
  const [text, setText] = useState<string | null>(null);
  const [shown, flash] = useTimedFlag(TOAST_MS);
  const show = useCallback(
    (message: string) => {
      setText(message);
      flash();
    },
    [flash],
  );
  return { message: shown ? text : null, show };
}

export function Toast({ message }: { message: string | null }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message ? <div className="toast">{message}</div> : null}
    </div>
  );
}
