import { shellCopy } from "@doorstep/shared/copy/shell";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";
import { can } from "../../../lib/permissions.ts";
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
      {/* The trial and payment banner is the owner's business (decision 056). */}
      {can(user, "billing:manage") ? (
        <HomeBanner
          input={{
            trialEndsAt: user.account.trialEndsAt,
            hasSubscription: user.account.hasSubscription,
            paymentFailed: user.account.paymentFailed,
            isMaster: user.isMaster,
          }}
        />
      ) : null}
      <TodayPanel messagingActive={user.messagingActive} unread={unreadMessageCount} />
      <RecentProperties canCreate={can(user, "properties:manage")} />
      <HomeTiles user={user} pendingOrderCount={me.data?.pendingOrderCount} />
    </div>
  );
}
