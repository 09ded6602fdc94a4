import { copy } from "@doorstep/shared/copy";
import { STAY_DETAILS, stayDetailToken, type StayDetail } from "@doorstep/shared/rules/stay-details";
import { useId } from "react";

const c = copy.stayDetails;

/**
 * "Insert stay detail": a stay's guest first name, dates, times or door code, inserted at the cursor as a token
 * that each stay's own guide fills in. An item holding one is for booked guests only (the server marks it).
 */
export function StayDetailMenu({ onInsert }: { onInsert: (token: string) => void }) {
  const id = useId();
  return (
    <div className="rich-text__stay">
      <label htmlFor={id}>{c.insert}</label>
      <select
        id={id}
        value=""
        onChange={(event) => {
          if (event.target.value) onInsert(stayDetailToken(event.target.value as StayDetail));
        }}
      >
        <option value="">{c.choose}</option>
        {STAY_DETAILS.map((d) => (
          <option key={d} value={d}>
            {c.names[d]}
          </option>
        ))}
      </select>
    </div>
  );
}
