import { todayCopy } from "@doorstep/shared/copy/today";
import { lazy, Suspense } from "react";
import { Link } from "../../../components/ui/link.tsx";
import { useStaysToday } from "../api/get-stays-today.ts";

const t = todayCopy.today;

// The lists load only when there is something to list, so a quiet day (and a new account) costs the first view nothing.
const TodayLists = lazy(() => import("./today-lists.tsx").then((m) => ({ default: m.TodayLists })));

/**
 * The home's Today panel: arrivals and departures today and tomorrow, each a link to its stay, the calendar
 * feeds whose last read failed, each a link to its property's feeds, and the unread messages when messaging is on.
 */
export function TodayPanel({ messagingActive, unread }: { messagingActive: boolean; unread: number }) {
  const today = useStaysToday();
  const busy = today.data && (today.data.arrivals.length > 0 || today.data.departures.length > 0);
  return (
    <section className="home-section today" aria-labelledby="home-today">
      <div className="home-section__head">
        <h2 id="home-today">{t.title}</h2>
        <Link to="/stays">{t.allStays}</Link>
      </div>
      <div className="today__body">
        {today.isError ? <p className="today__note">{t.loadError}</p> : null}
        {today.data && !busy ? <p className="today__note">{t.quiet}</p> : null}
        {busy ? (
          <Suspense fallback={null}>
            <TodayLists data={today.data} t={t} />
          </Suspense>
        ) : null}
        {today.data && today.data.feedErrors.length > 0 ? (
          <section className="today__feeds" aria-labelledby="today-feeds">
            <h3 id="today-feeds">{t.feedErrorsTitle}</h3>
            <ul>
              {today.data.feedErrors.map((feed) => (
                <li key={feed.feedId}>
                  <Link to={`/property/${encodeURIComponent(feed.propertyId)}/stays#calendar-feeds`}>
                    {t.feedError(feed.channel, feed.propertyTitle)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {messagingActive ? (
          <p className="today__messages">
            <Link to="/messaging">{unread > 0 ? t.unread(unread) : t.noUnread}</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
