import type { todayCopy } from "@doorstep/shared/copy/today";
import type { StayTodayItem, StayTodayResponse } from "@doorstep/shared/schemas/stays";
import { Link } from "../../../components/ui/link.tsx";
import "./today-lists.css";

// The words come from the panel: importing the copy here too put it in a first-view chunk of its own.
type Words = typeof todayCopy.today;

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tokyo" for Asia/Tokyo: the place a time is read in, said only when it is not the browser's own zone. */
function placeOf(timeZone: string): string | null {
  if (timeZone === browserZone) return null;
  return (timeZone.split("/").at(-1) ?? timeZone).replaceAll("_", " ");
}

function Day({ items, day, t }: { items: StayTodayItem[]; day: StayTodayItem["day"]; t: Words }) {
  const ofDay = items.filter((item) => item.day === day);
  if (ofDay.length === 0) return null;
  return (
    <>
      <h4 className="today__day">{t.days[day]}</h4>
      <ul className="today__list">
        {ofDay.map((item) => (
          <li key={`${item.stayId}-${item.date}`}>
            <Link to={`/stays/${encodeURIComponent(item.stayId)}`} className="today__stay">
              <span className="today__guest">{item.guestName}</span>
              <span className="today__meta">
                {item.propertyTitle} ·{" "}
                <time dateTime={`${item.date}T${item.time}`}>{t.localTime(item.time, placeOf(item.timeZone))}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function Column({
  title,
  items,
  empty,
  id,
  t,
}: {
  title: string;
  items: StayTodayItem[];
  empty: string;
  id: string;
  t: Words;
}) {
  return (
    <section className="today__column" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {items.length === 0 ? <p className="today__note">{empty}</p> : null}
      <Day items={items} day="today" t={t} />
      <Day items={items} day="tomorrow" t={t} />
    </section>
  );
}

/** The arrivals and the departures, each split into today and tomorrow on the property's clock. */
export function TodayLists({ data, t }: { data: StayTodayResponse; t: Words }) {
  return (
    <div className="today__columns">
      <Column title={t.arrivals} items={data.arrivals} empty={t.noArrivals} id="today-arrivals" t={t} />
      <Column title={t.departures} items={data.departures} empty={t.noDepartures} id="today-departures" t={t} />
    </div>
  );
}
