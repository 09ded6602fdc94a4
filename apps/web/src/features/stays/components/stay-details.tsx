import { formatPhone } from "@doorstep/shared/rules/phone";
import { copy } from "@doorstep/shared/copy";
import { languageName } from "@doorstep/shared/languages";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import type { ReactNode } from "react";
import { formatInstant, formatStayDay, formatStayTime, sourceLabel } from "../lib/format-stay.ts";

const c = copy.stays;
const f = c.fields;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stay-facts__item">
      <dt>{label}</dt>
      <dd>{children ?? <span className="muted">{c.notEntered}</span>}</dd>
    </div>
  );
}

/** Everything about a stay, in blocks: dates (with the property's time zone named), guest, notes, source. */
export function StayDetails({ stay }: { stay: StayDto }) {
  const zone = <span className="stay-facts__zone">{c.timeZoneShort(stay.timeZone)}</span>;
  return (
    <div className="stay-details">
      <section className="stay-block" aria-labelledby="stay-dates">
        <h2 id="stay-dates">{c.datesHeading}</h2>
        <dl className="stay-facts">
          <Fact label={c.columns.checkIn}>
            {formatStayDay(stay.checkInDate)}, {formatStayTime(stay.checkInTime)} {zone}
          </Fact>
          <Fact label={c.columns.checkOut}>
            {formatStayDay(stay.checkOutDate)}, {formatStayTime(stay.checkOutTime)} {zone}
          </Fact>
          <Fact label={c.columns.guests}>{c.guestsCount(stay.adults, stay.children)}</Fact>
        </dl>
        <p className="muted stay-block__note">{c.timesIn(stay.timeZone)}</p>
      </section>

      <section className="stay-block" aria-labelledby="stay-guest">
        <h2 id="stay-guest">{c.guestHeading}</h2>
        {stay.contactErasedAt ? <p className="muted">{c.contactErased}</p> : null}
        <dl className="stay-facts">
          <Fact label={f.guestEmail}>{stay.guestEmail}</Fact>
          <Fact label={f.guestPhone}>{stay.guestPhone ? formatPhone(stay.guestPhone) : null}</Fact>
          <Fact label={f.guestLanguage}>{languageName(stay.guestLanguage)}</Fact>
        </dl>
      </section>

      <section className="stay-block" aria-labelledby="stay-notes">
        <h2 id="stay-notes">{c.notesHeading}</h2>
        <dl className="stay-facts">
          <Fact label={f.doorCode}>{stay.doorCode}</Fact>
          <Fact label={f.notes}>{stay.notes ? <span className="stay-facts__notes">{stay.notes}</span> : null}</Fact>
        </dl>
      </section>

      <section className="stay-block" aria-labelledby="stay-source">
        <h2 id="stay-source">{c.columns.source}</h2>
        <dl className="stay-facts">
          <Fact label={c.columns.source}>{sourceLabel(stay)}</Fact>
          {stay.sourceId ? <Fact label={c.sourceId}>{stay.sourceId}</Fact> : null}
          <Fact label={c.created}>{formatInstant(stay.createdAt)}</Fact>
          <Fact label={c.updated}>{formatInstant(stay.updatedAt)}</Fact>
        </dl>
      </section>
    </div>
  );
}
