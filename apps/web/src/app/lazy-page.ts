import { isValidElement, lazy, type ComponentType } from "react";
import type { createBrowserRouter } from "react-router";

/** A page loaded with its route: `pick` names the module's component; `preload` starts loading its chunk. */
export function page<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: load },
  );
}

/**
 * Starts loading the chunks of the pages the address matches. Until the session is known (`/api/me`) the
 * guards show only a loading screen, and a lazy page asks for its chunk only when it renders: without this, a
 * first visit waits for the session and then for the page's chunks, one round trip after the other.
 */
export function preloadMatchedPages(router: Pick<ReturnType<typeof createBrowserRouter>, "state">): void {
  preloadPages(router.state.matches);
}

/** The same for matches found by `matchRoutes` (a table the router does not hold yet). */
export function preloadPages(matches: readonly { route: { element?: unknown } }[]): void {
  for (const { route } of matches) {
    const type: unknown = isValidElement(route.element) ? route.element.type : null;
    if (typeof type === "object" && type !== null && "preload" in type && typeof type.preload === "function") {
      (type.preload as () => Promise<unknown>)().catch(() => {
        // The page's own load reports it when it renders (RouteError).
      });
    }
  }
}
