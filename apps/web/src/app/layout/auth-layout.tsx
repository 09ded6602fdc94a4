import { shellCopy } from "@doorstep/shared/copy/shell";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Link } from "../../components/ui/link.tsx";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { Logo } from "./logo.tsx";
import "./layout.css";

/** Logged-out and welcome pages: the brand above one centred card. */
export function AuthLayout() {
  const location = useLocation();
  return (
    <div className="auth-shell">
      <header className="auth-shell__brand">
        <Link to="/" className="header__logo" aria-label={shellCopy.header.home}>
          <Logo />
        </Link>
      </header>
      <main id="main" className="auth-shell__main page-fade" key={location.pathname}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
