import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A message that shows for `ms` and then hides itself (XCUT-50: copy confirmation and passcode error
 * 3000 ms). Showing it again restarts the timer.
 */
export function useTimedFlag(ms: number): [shown: boolean, show: () => void, hide: () => void] {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setShown(false);
  }, []);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setShown(true);
    timer.current = setTimeout(() => setShown(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [shown, show, hide];
}
