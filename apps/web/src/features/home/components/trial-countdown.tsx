import { shellCopy } from "@doorstep/shared/copy/shell";
import { countdownTo } from "@doorstep/shared/rules/banner";
import { pad2 } from "../../../lib/format.ts";

/** The live trial countdown (HOME-04): days, hours, minutes and seconds until `end`. */
export function TrialCountdown({ end, now }: { end: Date; now: Date }) {
  const left = countdownTo(end, now);
  const units = [
    { value: left.days, label: shellCopy.home.days, key: "days" },
    { value: left.hours, label: shellCopy.home.hours, key: "hours" },
    { value: left.minutes, label: shellCopy.home.minutes, key: "minutes" },
    { value: left.seconds, label: shellCopy.home.seconds, key: "seconds" },
  ];
  return (
    <div className="countdown" role="timer" aria-label={shellCopy.home.countdownLabel}>
      {units.map((unit) => (
        <div className="countdown__unit" key={unit.key} data-unit={unit.key}>
          <span className="countdown__value">{unit.key === "days" ? unit.value : pad2(unit.value)}</span>
          <span className="countdown__label">{unit.label}</span>
        </div>
      ))}
    </div>
  );
}
