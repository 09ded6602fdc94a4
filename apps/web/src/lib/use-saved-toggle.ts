import { useEffect, useState } from "react";

/**
 * A tick box that saves at once: it shows what was asked from the moment of the click (set in the event, so
 * React's controlled input keeps it) until the saved value comes back, and returns to the saved value when the
 * save fails. Without this, a controlled box flips back for a moment after the click, and a quick save can even
 * leave it looking unchanged.
 */
export function useSavedToggle(saved: boolean) {
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => {
    if (asked === saved) setAsked(null);
  }, [asked, saved]);
  return {
    checked: asked ?? saved,
    ask: (value: boolean) => setAsked(value),
    /** The save failed: show the saved value again. */
    reset: () => setAsked(null),
  };
}
