import { copy } from "@doorstep/shared/copy";
import type { StayDto } from "@doorstep/shared/schemas/stays";

/** The stay's status, and "Possible double booking" when another confirmed stay of the property overlaps. */
export function StayBadges({ stay }: { stay: Pick<StayDto, "status" | "possibleDoubleBooking"> }) {
  return (
    <span className="stay-badges">
      <span className={`stay-badge stay-badge--${stay.status}`}>
        {stay.status === "cancelled" ? copy.stays.cancelled : copy.stays.confirmed}
      </span>
      {stay.possibleDoubleBooking && stay.status === "confirmed" ? (
        <span className="stay-badge stay-badge--warning">{copy.stays.doubleBooking}</span>
      ) : null}
    </span>
  );
}
