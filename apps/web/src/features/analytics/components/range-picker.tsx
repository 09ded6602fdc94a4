import { copy } from "@doorstep/shared/copy";
import { FIRST_DAY, LAST_DAY } from "@doorstep/shared/rules/analytics";
import { useId } from "react";
import { TextField } from "../../../components/ui/text-field.tsx";
import { monthLabel, type RangeChoice } from "../lib/range.ts";

interface RangePickerProps {
  choice: RangeChoice;
  months: string[];
  custom: { from: string; to: string };
  customError?: string;
  onChoice(choice: RangeChoice): void;
  onCustom(custom: { from: string; to: string }): void;
}

/** The date-range selector (ANL-01, OPEN-54): "Last 7 Days", "Last 30 Days", the calendar months, a custom range. */
export function RangePicker({ choice, months, custom, customError, onChoice, onCustom }: RangePickerProps) {
  const id = useId();
  return (
    <div className="analytics-range">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {copy.analytics.dateRange}
        </label>
        <select
          id={id}
          className="field__input"
          value={choice}
          onChange={(event) => onChoice(event.target.value as RangeChoice)}
        >
          <option value="last7">{copy.analytics.last7Days}</option>
          <option value="last30">{copy.analytics.last30Days}</option>
          {months.map((month) => (
            <option key={month} value={`month:${month}`}>
              {monthLabel(month)}
            </option>
          ))}
          <option value="custom">{copy.analytics.customRange}</option>
        </select>
      </div>
      {choice === "custom" ? (
        <div className="analytics-range__custom">
          <TextField
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            label={copy.analytics.customFrom}
            value={custom.from}
            required
            onChange={(event) => onCustom({ ...custom, from: event.target.value })}
          />
          <TextField
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            label={copy.analytics.customTo}
            value={custom.to}
            required
            error={customError}
            onChange={(event) => onCustom({ ...custom, to: event.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
}
