import { copy } from "@doorstep/shared/copy";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { useId, useMemo } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Link } from "../../../components/ui/link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePropertyCalendar } from "../api/get-property-calendar.ts";
import { layoutWeeks, monthOf, monthWeeks } from "../lib/calendar-layout.ts";
import { formatMonth, formatShortDay, formatWeekday, guestName } from "../lib/format-stay.ts";
import "./stay-calendar.css";

const c = copy.stays;

interface StayCalendarProps {
  propertyId: string;
  /** "YYYY-MM". */
  month: string;
  /** Today in the property's time zone, "YYYY-MM-DD". */
  today: string;
  onMonthChange: (month: string, step: -1 | 1) => void;
}

/**
 * A month of the property's stays: whole weeks, today marked, each confirmed stay a bar (a link to its page)
 * from the middle of its check-in day to the middle of its check-out day, continuing on the next week's row;
 * overlapping stays stacked. Cancelled stays are left off: the list's "Cancelled" tab has them.
 */
export function StayCalendar({ propertyId, month, today, onMonthChange }: StayCalendarProps) {
  const headingId = useId();
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const from = weeks[0]?.[0] ?? `${month}-01`;
  const to = weeks.at(-1)?.at(-1) ?? `${month}-28`;
  const calendar = usePropertyCalendar(propertyId, from, to);
  const rows = useMemo(
    () =>
      layoutWeeks(
        weeks,
        (calendar.data ?? []).filter((stay) => stay.status === "confirmed"),
      ),
    [weeks, calendar.data],
  );

  return (
    <section className="stay-calendar" aria-labelledby={headingId} aria-busy={calendar.isFetching || undefined}>
      <div className="stay-calendar__head">
        <Button variant="secondary" size="sm" aria-label={c.previousMonth} onClick={() => onMonthChange(month, -1)}>
          <span aria-hidden="true">←</span>
        </Button>
        <h2 id={headingId} className="stay-calendar__month" aria-live="polite">
          {formatMonth(month)}
        </h2>
        <Button variant="secondary" size="sm" aria-label={c.nextMonth} onClick={() => onMonthChange(month, 1)}>
          <span aria-hidden="true">→</span>
        </Button>
        {calendar.isFetching ? <Spinner size={18} /> : null}
      </div>
      <div className="stay-calendar__weekdays" aria-hidden="true">
        {(weeks[0] ?? []).map((day) => (
          <span key={day}>{formatWeekday(day)}</span>
        ))}
      </div>
      <ol className="stay-calendar__weeks">
        {rows.map((week) => (
          <li key={week.days[0]} className="stay-calendar__week" data-lanes={week.lanes}>
            <ol className="stay-calendar__days">
              {week.days.map((day) => (
                <li
                  key={day}
                  className={[
                    "stay-calendar__day",
                    monthOf(day) === month ? "" : "stay-calendar__day--outside",
                    day === today ? "stay-calendar__day--today" : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                  aria-current={day === today ? "date" : undefined}
                >
                  <span className="stay-calendar__date">{Number(day.slice(8))}</span>
                  {day === today ? <span className="visually-hidden">{c.today}</span> : null}
                </li>
              ))}
            </ol>
            {week.bars.map((bar) => (
              <StayBar
                key={bar.stay.id}
                stay={bar.stay}
                bar={bar}
                repeat={bar.continuesBefore && bar.stay.checkInDate >= from}
              />
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface StayBarProps {
  stay: StayDto;
  bar: { start: number; end: number; lane: number; continuesBefore: boolean; continuesAfter: boolean };
  /** The stay's bar on a later week of the month, after the one that names it. */
  repeat: boolean;
}

function StayBar({ stay, bar, repeat }: StayBarProps) {
  const name = guestName(stay);
  const classes = [
    "stay-calendar__bar",
    bar.continuesBefore ? "stay-calendar__bar--continued" : "",
    bar.continuesAfter ? "stay-calendar__bar--continues" : "",
    stay.possibleDoubleBooking ? "stay-calendar__bar--double" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Link
      to={`/stays/${encodeURIComponent(stay.id)}`}
      className={classes}
      style={{ gridColumn: `${bar.start} / ${bar.end}`, gridRow: bar.lane + 1 }}
      // One tab stop and one name per stay: its later rows repeat the first.
      tabIndex={repeat ? -1 : undefined}
      aria-hidden={repeat || undefined}
      aria-label={c.calendarStay(name, formatShortDay(stay.checkInDate), formatShortDay(stay.checkOutDate))}
      title={name}
    >
      {name}
    </Link>
  );
}
