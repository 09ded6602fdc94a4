import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * Guards unsaved editor changes beyond the modal's own Close (CONT-16): a reload or closing the tab gets the
 * browser's leave-page warning (browsers show their own text there, never ours), and in-app navigation,
 * browser Back included, is held so the editor can ask "Do you want to save changes?" first.
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium needs returnValue set to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(dirty);
  const blocked = blocker.state === "blocked";
  return {
    /** A navigation waits for the host's answer. */
    blocked,
    /** Lets the held navigation go on (after Discard, or once saved). */
    proceed: () => (blocker.state === "blocked" ? blocker.proceed() : undefined),
    /** Stays in the editor. */
    stay: () => (blocker.state === "blocked" ? blocker.reset() : undefined),
  };
}
