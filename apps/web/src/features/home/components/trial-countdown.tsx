import { copy } from "@doorstep/shared/copy";
import { countdownTo } from "@doorstep/shared/rules/banner";
import { pad2 } from "../../../lib/format.ts";

/** The live trial countdown (HOME-04): days, hours, minutes and seconds until `end`. */
export function TrialCountdown({ end, now }: { end: Date; now: Date }) {
  const left = countdownTo(end, now);
  const units = [
    { value: left.days, label: copy.home.days, key: "days" },
    { value: left.hours, label: copy.home.hours, key: "hours" },
    { value: left.minutes, label: copy.home.minutes, key: "minutes" },
    { value: left.seconds, label: copy.home.seconds, key: "seconds" },
  ];
  return (
    <div className="countdown" role="timer" aria-label={copy.home.countdownLabel}>
      {units.map((unit) => (
        <div className="countdown__unit" key={unit.key} data-unit={unit.key}>
          <span className="countdown__value">{unit.key === "days" ? unit.value : pad2(unit.value)}</span>
          <span className="countdown__label">{unit.label}</span>
        </div>
      ))}
    </div>
  );
}
