import { shellCopy } from "@doorstep/shared/copy/shell";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";
import { HomeBanner } from "../components/home-banner.tsx";
import { HomeTiles } from "../components/home-tiles.tsx";
import { RecentProperties } from "../components/recent-properties.tsx";
import { TodayPanel } from "../components/today-panel.tsx";
import "./home.css";

/** / for a logged-in host (HOME-01); an affiliate's / is the affiliate dashboard (src/app/routes/home-route.tsx). */
export function HomePage() {
  const me = useMe();
  if (!me.data) return <LoadingScreen />;
  const { user, unreadMessageCount } = me.data;
  return (
    <div className="home">
      <h1>{`${shellCopy.home.welcome} ${user.firstName}`}</h1>
      <HomeBanner
        input={{
          trialEndsAt: user.account.trialEndsAt,
          hasSubscription: user.account.hasSubscription,
          paymentFailed: user.account.paymentFailed,
          isMaster: user.isMaster,
        }}
      />
      <TodayPanel messagingActive={user.messagingActive} unread={unreadMessageCount} />
      <RecentProperties />
      <HomeTiles user={user} pendingOrderCount={me.data?.pendingOrderCount} />
    </div>
  );
}
