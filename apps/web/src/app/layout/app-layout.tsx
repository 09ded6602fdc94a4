import { shellCopy } from "@doorstep/shared/copy/shell";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { useMe } from "../../lib/session.ts";
import { Header } from "./header.tsx";
import "./layout.css";

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
      <main id="main" className="app-main page-fade" key={location.pathname} tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
