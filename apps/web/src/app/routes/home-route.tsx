import { lazy, Suspense } from "react";
import { LoadingScreen } from "../../components/ui/spinner.tsx";
import { useMe } from "../../lib/session.ts";
import { HomePage } from "../../features/home/routes/home.tsx";

// Its own chunk: a host never loads the affiliate dashboard, which uses zod (decision 015).
const AffiliateHome = lazy(() =>
  import("../../features/affiliates/routes/affiliate-home.tsx").then((m) => ({ default: m.AffiliateHome })),
);

/** / for a logged-in user (HOME-01, XCUT-01): the affiliate dashboard (AFF-10) or the host dashboard. */
export function HomeRoute() {
  const me = useMe();
  if (!me.data) return <LoadingScreen />;
  if (!me.data.user.isAffiliate) return <HomePage />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AffiliateHome user={me.data.user} />
    </Suspense>
  );
}
