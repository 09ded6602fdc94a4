import { shellCopy } from "@doorstep/shared/copy/shell";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { LoadingScreen } from "../components/ui/spinner.tsx";
import { loginPathFor, safeNextPath } from "../lib/safe-next.ts";
import { isLoggedOutByUser, useMe } from "../lib/session.ts";

function SessionError({ retry }: { retry: () => void }) {
  return (
    <div className="loading-screen" role="alert">
      <p>{shellCopy.common.genericError}</p>
      <Button variant="secondary" onClick={retry}>
        {shellCopy.common.tryAgain}
      </Button>
    </div>
  );
}

/**
 * Pages that need a session (XCUT-04, XCUT-05, XCUT-11…13). Logged out, the visitor sees /login
 * and comes back here afterwards (OPEN-10); setup-flow pages send them to /try-free instead (XCUT-10).
 * With `kind`, only that kind of account may stay.
 */
export function RequireAuth({ loggedOutTo, kind }: { loggedOutTo?: string; kind?: "host" | "affiliate" }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <SessionError retry={() => void me.refetch()} />;
  if (!me.data) {
    const target = loggedOutTo ?? (isLoggedOutByUser() ? "/login" : loginPathFor(location.pathname, location.search));
    return <Navigate to={target} replace />;
  }
  // XCUT-09, HOME-01: affiliate pages are for affiliates and host pages for hosts; the other kind goes home.
  if (kind && me.data.user.isAffiliate !== (kind === "affiliate")) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * Pages only for logged-out visitors (XCUT-02, OPEN-09). A logged-in visitor goes to `loggedInTo`,
 * or for /login to the `next` path it was sent from.
 */
export function RequireGuest({ loggedInTo }: { loggedInTo: string | "next" }) {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (me.isPending) return <LoadingScreen />;
  if (me.data) {
    const target = loggedInTo === "next" ? (safeNextPath(searchParams.get("next")) ?? "/") : loggedInTo;
    return <Navigate to={target} replace />;
  }
  // A failed /api/me (network) still lets the visitor use the logged-out pages.
  return <Outlet />;
}
