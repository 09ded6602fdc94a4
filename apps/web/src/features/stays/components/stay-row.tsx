import { copy } from "@doorstep/shared/copy";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { Link } from "../../../components/ui/link.tsx";
import { formatStayDay, formatStayTime, guestName, sourceLabel } from "../lib/format-stay.ts";
import { StayBadges } from "./stay-badges.tsx";

const c = copy.stays;

/** One stay in a list: the guest's name links to its page, and the whole row is that link's target. */
export function StayRow({ stay, showProperty }: { stay: StayDto; showProperty: boolean }) {
  return (
    <li className={`stay-row${stay.status === "cancelled" ? " stay-row--cancelled" : ""}`}>
      <div className="stay-row__who">
        <Link to={`/stays/${encodeURIComponent(stay.id)}`} className="stay-row__link">
          {guestName(stay)}
        </Link>
        {showProperty ? <span className="stay-row__property">{stay.propertyTitle}</span> : null}
        <StayBadges stay={stay} />
      </div>
      <dl className="stay-row__facts">
        <div>
          <dt>{c.columns.checkIn}</dt>
          <dd>
            {formatStayDay(stay.checkInDate)}
            <span className="stay-row__time">{formatStayTime(stay.checkInTime)}</span>
          </dd>
        </div>
        <div>
          <dt>{c.columns.checkOut}</dt>
          <dd>
            {formatStayDay(stay.checkOutDate)}
            <span className="stay-row__time">{formatStayTime(stay.checkOutTime)}</span>
          </dd>
        </div>
        <div>
          <dt>{c.columns.guests}</dt>
          <dd>{c.guestsCount(stay.adults, stay.children)}</dd>
        </div>
        <div>
          <dt>{c.columns.source}</dt>
          <dd>{sourceLabel(stay)}</dd>
        </div>
      </dl>
    </li>
  );
}
