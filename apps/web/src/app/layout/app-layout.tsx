import { shellCopy } from "@doorstep/shared/copy/shell";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { PageBackLinkContext } from "../../components/ui/page-back-link.ts";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { useMe } from "../../lib/session.ts";
import { AppNav } from "./app-nav.tsx";
import { Header } from "./header.tsx";
import "./layout.css";

// Live events load only for accounts with messaging on or a guest store (the first view's budget, decision 017).
const LiveMessageEvents = lazy(() => import("../../features/messaging/components/live-events.tsx"));

/**
 * Signed-in pages: header bar, the navigation (a sidebar, or the phone's menu) and a main area that fades in
 * on each page change (XCUT-50).
 */
export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [pageBackLinks, setPageBackLinks] = useState(0);
  const registerBackLink = useCallback((delta: number) => setPageBackLinks((count) => count + delta), []);
  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {shellCopy.common.skipToContent}
      </a>
      {me.data ? (
        <Header
          me={me.data}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((open) => !open)}
          menuButton={menuButton}
          showBack={pageBackLinks === 0}
        />
      ) : null}
      {me.data?.user.messagingActive || me.data?.storeActive ? (
        <Suspense fallback={null}>
          <LiveMessageEvents />
        </Suspense>
      ) : null}
      <div className="app-shell">
        {me.data ? <AppNav me={me.data} pathname={location.pathname} open={menuOpen} onClose={closeMenu} /> : null}
        <main id="main" className="app-main page-fade" key={location.pathname} tabIndex={-1}>
          <PageBackLinkContext value={registerBackLink}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </PageBackLinkContext>
        </main>
      </div>
    </>
  );
}
