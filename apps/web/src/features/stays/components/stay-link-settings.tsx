import { copy } from "@doorstep/shared/copy";
import {
  STAY_END_CHOICES,
  STAY_REVEAL_DAYS,
  type StayEndChoice,
  type StayRevealDays,
} from "@doorstep/shared/rules/stay-reveal";
import { useId } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { useStayLinkSettings, useUpdateStayLinkSettings } from "../api/stay-link.ts";

const c = copy.stayLinkSettings;

/** The account's choice of when stay details appear on guest links and when they vanish (saved on change). */
export function StayLinkSettings({ onSaved }: { onSaved: (message: string) => void }) {
  const settings = useStayLinkSettings();
  const update = useUpdateStayLinkSettings();
  const headingId = useId();
  if (!settings.data) return null;
  const current = settings.data;
  const save = (next: { revealDaysBefore?: StayRevealDays; endsAt?: StayEndChoice }) =>
    update.mutate({ ...current, ...next }, { onSuccess: () => onSaved(c.saved) });
  return (
    <section className="stay-block stay-link-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{c.title}</h2>
      <div className="stay-link-settings__fields">
        <label>
          {c.reveal}
          <select
            value={current.revealDaysBefore}
            onChange={(e) => save({ revealDaysBefore: Number(e.target.value) as StayRevealDays })}
          >
            {STAY_REVEAL_DAYS.map((d) => (
              <option key={d} value={d}>
                {c.revealOptions[d]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {c.end}
          <select value={current.endsAt} onChange={(e) => save({ endsAt: e.target.value as StayEndChoice })}>
            {STAY_END_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {c.endOptions[choice]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {update.isError ? <Alert>{copy.common.genericError}</Alert> : null}
    </section>
  );
}
