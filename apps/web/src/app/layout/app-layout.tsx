import { shellCopy } from "@doorstep/shared/copy/shell";
import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { useMe } from "../../lib/session.ts";
import { Header } from "./header.tsx";
import "./layout.css";

// Live messaging events load only for accounts with messaging on (the first view's budget, decision 017).
const LiveMessageEvents = lazy(() => import("../../features/messaging/components/live-events.tsx"));

/** Signed-in pages: header bar and a main area that fades in on each page change (XCUT-50). */
export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        {shellCopy.common.skipToContent}
      </a>
      {me.data ? <Header me={me.data} /> : null}
      {me.data?.user.messagingActive ? (
        <Suspense fallback={null}>
          <LiveMessageEvents />
        </Suspense>
      ) : null}
      <main id="main" className="app-main page-fade" key={location.pathname} tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
