import { createContext, useContext, useLayoutEffect } from "react";

/**
 * One back link per page (HOME-16): the header shows its own only while the page shows none. A page's back
 * link registers here; the layout counts them.
 */
export const PageBackLinkContext = createContext<((delta: number) => void) | null>(null);

/** Call in any component that is the page's way back, so the header leaves its back link out. */
export function useOwnBackLink(): void {
  const register = useContext(PageBackLinkContext);
  useLayoutEffect(() => {
    register?.(1);
    return () => register?.(-1);
  }, [register]);
}
